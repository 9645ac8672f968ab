// Pure display helpers (schema/constants/). No React, no DOM: tested in format.test.ts.

/** Cut `text` at `max` characters and add '...' when it was longer (schema/constants/ truncation). */
export function truncate(text: string | null | undefined, max: number): string {
  const s = text ?? "";
  return s.length > max ? `${s.slice(0, max)}...` : s;
}

function toMs(date: string | number | Date): number {
  return date instanceof Date ? date.getTime() : typeof date === "number" ? date : Date.parse(date);
}

const RELATIVE = new Intl.RelativeTimeFormat("en", { numeric: "always" });

/** 'N seconds|minutes|hours ago', singular for 1 ('1 hour ago'): the spec's steps, pluralised by Intl. */
function ago(value: number, unit: "second" | "minute" | "hour"): string {
  // -0 keeps the past tense for zero ('0 seconds ago', not 'in 0 seconds').
  return RELATIVE.format(-value || -0, unit);
}

/** Feed relative time: 'N seconds ago' under 60 s, 'N minutes ago' under 1 hour, else 'N hours ago'. */
export function feedRelativeTime(date: string | number | Date, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - toMs(date)) / 1000));
  if (seconds < 60) return ago(seconds, "second");
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return ago(minutes, "minute");
  return ago(Math.floor(minutes / 60), "hour");
}

/** Alert relative time: 'Just now' under 1 minute, then minutes, then hours. */
export function alertRelativeTime(date: string | number | Date, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - toMs(date)) / 1000));
  if (seconds < 60) return "Just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return ago(minutes, "minute");
  return ago(Math.floor(minutes / 60), "hour");
}

const SIGNIFICANT = new Intl.NumberFormat("en-US", { maximumSignificantDigits: 3, useGrouping: false });

/**
 * The one money formatter: the API's cents (docs/api.md) shown as dollars with `decimals` places
 * ('$0.015'). A cost too small for two significant digits at that precision keeps three
 * ('$0.000323', '$0.000966') rather than rounding a real cost to '$0.000' or up to '$0.001'; zero
 * stays '$0.000'.
 */
export function formatUsd(cents: number | null | undefined, decimals: number): string {
  const dollars = (cents ?? 0) / 100;
  const size = Math.abs(dollars);
  const sign = dollars < 0 ? "-" : "";
  if (size === 0 || size >= 10 ** (1 - decimals)) return `${sign}$${size.toFixed(decimals)}`;
  return `${sign}$${SIGNIFICANT.format(size)}`;
}

/** Stats cost: dollars with 2 decimals ('$12.34'). */
export const formatStatsCost = (cents: number | null | undefined): string => formatUsd(cents, 2);

/** Log, detail and test-result cost: dollars with 3 decimals ('$0.123'). */
export const formatLogCost = (cents: number): string => formatUsd(cents, 3);

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
