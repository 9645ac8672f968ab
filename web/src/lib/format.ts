// Pure display helpers (schema/constants.ts). No React, no DOM: tested in format.test.ts.

/** Cut `text` at `max` characters and add '...' when it was longer (schema/constants.ts truncation). */
export function truncate(text: string | null | undefined, max: number): string {
  const s = text ?? "";
  return s.length > max ? `${s.slice(0, max)}...` : s;
}

function toMs(date: string | number | Date): number {
  return date instanceof Date ? date.getTime() : typeof date === "number" ? date : Date.parse(date);
}

/** Feed relative time: 'N seconds ago' under 60 s, 'N minutes ago' under 1 hour, else 'N hours ago'. */
export function feedRelativeTime(date: string | number | Date, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - toMs(date)) / 1000));
  if (seconds < 60) return `${seconds} seconds ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} minutes ago`;
  return `${Math.floor(minutes / 60)} hours ago`;
}

/** Alert relative time: 'Just now' under 1 minute, then minutes, then hours. */
export function alertRelativeTime(date: string | number | Date, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - toMs(date)) / 1000));
  if (seconds < 60) return "Just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} minutes ago`;
  return `${Math.floor(minutes / 60)} hours ago`;
}

/** Stats cost: cents shown as dollars with 2 decimals ('$12.34'). */
export function formatStatsCost(cents: number | null | undefined): string {
  return `$${((cents ?? 0) / 100).toFixed(2)}`;
}

/** Log and detail cost: cents shown as dollars with 3 decimals ('$0.123'). */
export function formatLogCost(cents: number): string {
  return `$${(cents / 100).toFixed(3)}`;
}

/** Counts with thousands separators ('12,345'). */
export function formatNumber(n: number | null | undefined): string {
  return (n ?? 0).toLocaleString("en-US");
}

export type Change = {
  /** '+12.5%', '-3.2%', '0.0%', or '—' when there is nothing to compare with. */
  text: string;
  /** 'good' (green), 'bad' (red) or 'neutral' (grey). */
  tone: "good" | "bad" | "neutral";
};

/**
 * Percentage change from `previous` to `current`, signed, one decimal.
 * `upIsGood`: prompts and active users (up = green); red flags and cost (up = red).
 * No previous value (0 or missing) → '—', neutral.
 */
export function percentChange(current: number, previous: number | null | undefined, upIsGood: boolean): Change {
  if (!previous || !Number.isFinite(previous)) return { text: "—", tone: "neutral" };
  const pct = ((current - previous) / previous) * 100;
  const rounded = Math.round(pct * 10) / 10;
  if (rounded === 0) return { text: "0.0%", tone: "neutral" };
  const up = rounded > 0;
  return {
    text: `${up ? "+" : ""}${rounded.toFixed(1)}%`,
    tone: up === upIsGood ? "good" : "bad",
  };
}

/** Up to two initials from a display name ('Ada Lovelace' → 'AL', 'acme' → 'A'). */
export function initials(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : "";
  return (first + last).toUpperCase();
}

/** Parse 'YYYY-MM-DD' as a local calendar date (no UTC shift). */
export function parseDay(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y!, (m ?? 1) - 1, d ?? 1);
}

/** 'Mon', 'Tue', … for a 'YYYY-MM-DD' day. */
export function shortWeekday(day: string): string {
  return parseDay(day).toLocaleDateString("en-US", { weekday: "short" });
}

/** 'Jan 5' for a 'YYYY-MM-DD' day. */
export function shortMonthDay(day: string): string {
  return parseDay(day).toLocaleDateString("en-US", { month: "short", day: "numeric" });
}

/** Local date and time of an ISO timestamp. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString();
}

/** Alert type: uppercased with the first underscore replaced by a space ('red_flag' → 'RED FLAG'). */
export function formatAlertType(type: string): string {
  return type.toUpperCase().replace("_", " ");
}

/** 'safe' → 'Safe'. */
export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Percentage of `part` in `total`, rounded to an integer (0 when total is 0). */
export function roundedPercent(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}
