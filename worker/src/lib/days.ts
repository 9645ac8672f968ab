// UTC calendar days, the unit of the aggregate tables.
import { DAY_MS } from "@promptsentry/schema/constants/time";

export const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last `days` days ending today (inclusive) and the `days` days before them. */
export function dayWindows(days: number, now = Date.now()) {
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  const from = today - (days - 1) * DAY_MS;
  return {
    current: { from: dayKey(from), to: dayKey(today) },
    previous: { from: dayKey(from - days * DAY_MS), to: dayKey(from - DAY_MS) },
    dayKeys: Array.from({ length: days }, (_, i) => dayKey(from + i * DAY_MS)),
  };
}
