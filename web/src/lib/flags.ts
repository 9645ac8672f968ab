// Flag presentation helpers (docs/web.md): colours, reason labels, highlight ranges.
import { UNKNOWN_REASON_LABEL, reasonLabel } from "@promptsentry/schema/constants/flags";

/** Reason labels for display; an empty or missing list reads 'Unknown'. */
export function reasonLabels(reasons: readonly string[] | null | undefined): string[] {
  if (!reasons || reasons.length === 0) return [UNKNOWN_REASON_LABEL];
  return reasons.map(reasonLabel);
}

export type FlagTone = "safe" | "warning" | "critical" | "other";
export function flagTone(flagStatus: string): FlagTone {
  return flagStatus === "safe" || flagStatus === "warning" || flagStatus === "critical" ? flagStatus : "other";
}

/** Badge classes per flag status: safe green, warning amber, critical red, other neutral. */
export const FLAG_BADGE_CLASS: Record<FlagTone, string> = {
  safe: "bg-green-100 text-green-800 ring-green-600/20 dark:bg-green-500/15 dark:text-green-300",
  warning: "bg-amber-100 text-amber-800 ring-amber-600/20 dark:bg-amber-500/15 dark:text-amber-300",
  critical: "bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-500/15 dark:text-red-300",
  other: "bg-gray-100 text-gray-700 ring-gray-500/20 dark:bg-gray-500/15 dark:text-gray-300",
};

/** Flag Analysis card classes: green, amber, red, grey. */
export const FLAG_CARD_CLASS: Record<FlagTone, string> = {
  safe: "border-green-200 bg-green-50 text-green-900 dark:border-green-500/30 dark:bg-green-500/10 dark:text-green-200",
  warning: "border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200",
  critical: "border-red-200 bg-red-50 text-red-900 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200",
  other: "border-gray-200 bg-gray-50 text-gray-900 dark:border-gray-500/30 dark:bg-gray-500/10 dark:text-gray-200",
};

export const FLAG_ICON_CLASS: Record<FlagTone, string> = {
  safe: "text-green-600 dark:text-green-400",
  warning: "text-amber-500 dark:text-amber-400",
  critical: "text-red-600 dark:text-red-400",
  other: "text-gray-400",
};

export type Segment = { text: string; mark: boolean };

/**
 * Split `text` into plain and marked segments for the given [start, end) ranges.
 * Ranges are clamped to the text, sorted and merged; empty or inverted ones are ignored.
 */
export function highlightSegments(text: string, ranges: readonly { start: number; end: number }[]): Segment[] {
  const clean = ranges
    .map((r) => ({ start: Math.max(0, Math.min(text.length, r.start)), end: Math.max(0, Math.min(text.length, r.end)) }))
    .filter((r) => Number.isFinite(r.start) && Number.isFinite(r.end) && r.end > r.start)
    .sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const r of clean) {
    const last = merged[merged.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else merged.push({ ...r });
  }
  const out: Segment[] = [];
  let pos = 0;
  for (const r of merged) {
    if (r.start > pos) out.push({ text: text.slice(pos, r.start), mark: false });
    out.push({ text: text.slice(r.start, r.end), mark: true });
    pos = r.end;
  }
  if (pos < text.length || out.length === 0) out.push({ text: text.slice(pos), mark: false });
  return out;
}
