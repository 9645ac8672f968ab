// Stats, trends and the analytics lists, all read from the daily aggregates.
import * as v from "valibot";
import { cents } from "./common";

const statsFigures = {
  totalPrompts: v.number(),
  redFlags: v.number(),
  activeUsers: v.number(),
  /** In US cents. */
  estimatedCost: cents,
};
export const statsFiguresSchema = v.object(statsFigures);
export type StatsFigures = v.InferOutput<typeof statsFiguresSchema>;

/** GET /api/stats: the last N days (UTC, `from`..`to`) and the N days before (`previous`). */
export const statsSchema = v.object({ ...statsFigures, previous: statsFiguresSchema, from: v.string(), to: v.string() });
export type Stats = v.InferOutput<typeof statsSchema>;

/** One zero-filled day (YYYY-MM-DD) of GET /api/trends. */
export const trendEntrySchema = v.object({ date: v.string(), safe: v.number(), warning: v.number(), critical: v.number() });
export type TrendEntry = v.InferOutput<typeof trendEntrySchema>;

/** Per model over the window; `share` of all prompts (0..1). */
export const modelUsageSchema = v.object({
  model: v.string(),
  prompts: v.number(),
  tokens: v.number(),
  /** In US cents. */
  cost: cents,
  share: v.number(),
});
export type ModelUsage = v.InferOutput<typeof modelUsageSchema>;

/** One row per day and model (cost in cents). */
export const costEntrySchema = v.object({ date: v.string(), model: v.string(), prompts: v.number(), tokens: v.number(), cost: cents });
export type CostEntry = v.InferOutput<typeof costEntrySchema>;

/** One row per day (zero-filled); avgLatencyMs null when no log of the day carried a latency. */
export const performanceEntrySchema = v.object({
  date: v.string(),
  prompts: v.number(),
  avgLatencyMs: v.nullable(v.number()),
  flagRate: v.number(),
  avgTokens: v.number(),
});
export type PerformanceEntry = v.InferOutput<typeof performanceEntrySchema>;
