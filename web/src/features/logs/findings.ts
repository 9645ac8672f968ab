// What the details dialog says about each detector finding: which rule matched, where, and how
// sure the detector was (findings stored before scores existed say nothing about sureness).
import { reasonLabel } from "@promptsentry/schema/constants/flags";
import type { Finding } from "../../api/types";

export type FindingRow = { key: string; rule: string; reason: string; where: string; sureness: string | null };

/** "92% sure (high)": the score as a percentage and a word an operator can act on. */
export function surenessText(score: number | undefined): string | null {
  if (typeof score !== "number" || !Number.isFinite(score)) return null;
  const word = score >= 0.85 ? "high" : score >= 0.6 ? "medium" : "low";
  return `${Math.round(score * 100)}% sure (${word})`;
}

/** One row per distinct rule and place, most certain first. */
export function findingRows(findings: readonly Finding[]): FindingRow[] {
  const best = new Map<string, Finding>();
  for (const f of findings) {
    const key = `${f.rule}|${f.target}`;
    const had = best.get(key);
    if (!had || (f.score ?? -1) > (had.score ?? -1)) best.set(key, f);
  }
  return [...best.entries()]
    .sort(([, a], [, b]) => (b.score ?? -1) - (a.score ?? -1))
    .map(([key, f]) => ({
      key,
      rule: f.rule,
      reason: reasonLabel(f.reason),
      where: f.target === "response" ? "Response" : "Prompt",
      sureness: surenessText(f.score),
    }));
}
