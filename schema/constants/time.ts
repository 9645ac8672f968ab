// Time spans: days, the Quick Filters' ranges and the ranges the analytics take (docs/api.md).

/** One day in milliseconds (UTC days: no daylight saving). */
export const DAY_MS = 86_400_000;
/** The 7-day window: the dashboard's stats and the 7-day Flag Trends panels. */
export const WEEK_DAYS = 7;
/** Time ranges of the Quick Filters card, 1h the default. */
export const TIME_RANGES = [
  { value: "1h", label: "Last hour", ms: 3_600_000 },
  { value: "24h", label: "Last 24 hours", ms: DAY_MS },
  { value: "7d", label: "Last 7 days", ms: WEEK_DAYS * DAY_MS },
  { value: "30d", label: "Last 30 days", ms: 30 * DAY_MS },
] as const;
export type TimeRange = (typeof TIME_RANGES)[number]["value"];
export const DEFAULT_TIME_RANGE: TimeRange = "1h";
/** Analytics' top users and sessions by cost: rows by default and at most. */
export const TOP_SPENDERS_DEFAULT = 10;
export const TOP_SPENDERS_MAX = 50;
export const STATS_DEFAULT_DAYS = WEEK_DAYS;
export const MAX_RANGE_DAYS = 365;
