// Filter helpers of the logs screens (docs/web.md#screens, schema/constants/); the options themselves live in schema/constants/.
import { TIME_RANGES, type TimeRange } from "@promptsentry/schema/constants/time";

export { DEFAULT_TIME_RANGE, TIME_RANGES, type TimeRange } from "@promptsentry/schema/constants/time";
export { FLAG_FILTER_OPTIONS } from "@promptsentry/schema/constants/logs";

/** ISO start of a time range ending now. */
export function timeRangeFrom(range: TimeRange, now: number = Date.now()): string {
  const r = TIME_RANGES.find((t) => t.value === range) ?? TIME_RANGES[0];
  return new Date(now - r.ms).toISOString();
}

/** A 'YYYY-MM-DD' date field → ISO start (or end) of that local day; blank → undefined. */
export function dayBoundary(day: string, edge: "start" | "end"): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split("-").map(Number);
  const date = edge === "start" ? new Date(y!, m! - 1, d!, 0, 0, 0, 0) : new Date(y!, m! - 1, d!, 23, 59, 59, 999);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
