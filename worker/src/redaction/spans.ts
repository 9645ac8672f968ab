// Replacing detector spans by typed placeholders, and moving every other offset along so findings
// still point at the right characters of the redacted text (the details dialog highlights them).
import { REDACTION_PLACEHOLDER_PREFIX } from "@promptsentry/schema/constants/privacy";

export type Span = { rule: string; start: number; end: number };
export type Replacement = Span & { value: string; newStart: number; newEnd: number };

/** `secret.aws_access_key` → `[REDACTED:aws_access_key]`. */
export function placeholder(rule: string): string {
  const kind = rule.slice(rule.indexOf(".") + 1) || rule;
  return `${REDACTION_PLACEHOLDER_PREFIX}${kind}]`;
}

/** Sorted, with overlapping spans merged into the first (widest-first on equal starts). */
function disjoint(spans: readonly Span[]): Span[] {
  const sorted = [...spans].filter((s) => s.end > s.start).sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start < last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

/** The text with each span replaced by its placeholder, and where each replacement landed. */
export function replaceSpans(text: string, spans: readonly Span[]): { text: string; replacements: Replacement[] } {
  const replacements: Replacement[] = [];
  let out = "";
  let cursor = 0;
  for (const s of disjoint(spans)) {
    out += text.slice(cursor, s.start);
    const mark = placeholder(s.rule);
    replacements.push({ ...s, value: text.slice(s.start, s.end), newStart: out.length, newEnd: out.length + mark.length });
    out += mark;
    cursor = s.end;
  }
  return { text: out + text.slice(cursor), replacements };
}

/**
 * Where an offset of the original text lands in the redacted one. An offset inside a replaced span
 * snaps to the placeholder's start (for a finding's start) or end (for its end).
 */
export function mapOffset(offset: number, replacements: readonly Replacement[], side: "start" | "end"): number {
  let shift = 0;
  for (const r of replacements) {
    if (offset <= r.start) break;
    if (offset < r.end) return side === "start" ? r.newStart : r.newEnd;
    shift = r.newEnd - r.end;
  }
  return offset + shift;
}
