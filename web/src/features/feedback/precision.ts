// Texts of the precision estimate, kept apart from the component so they are unit-tested.
import type { FeedbackSummary } from "../../api/feedback";

export const plural = (n: number, noun: string) => `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;

/** A share as a whole percentage; no data is a dash, never 0 %. */
export const percent = (share: number | null) => (share === null ? "–" : `${Math.round(share * 100)}%`);

/** "Precision estimate: 92% (from 25 reviewed flags)", or the empty state before any review. */
export function precisionLine(s: Pick<FeedbackSummary, "precision" | "reviewedFlags">): string {
  if (s.precision === null || s.reviewedFlags === 0) return "Precision estimate: no flags reviewed yet";
  return `Precision estimate: ${percent(s.precision)} (from ${plural(s.reviewedFlags, "reviewed flag")})`;
}
