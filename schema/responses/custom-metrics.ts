// Custom SQL metrics with their latest value.
import * as v from "valibot";
import { METRIC_TYPES, METRIC_VISUALIZATIONS } from "../constants/metrics";
import { id, nullableString, optionalTimestamp, timestamp } from "./common";

export const customMetricSchema = v.object({
  id,
  name: v.string(),
  description: nullableString,
  query: v.string(),
  type: v.picklist(METRIC_TYPES),
  visualization: v.picklist(METRIC_VISUALIZATIONS),
  refreshInterval: v.number(),
  isActive: v.boolean(),
  /** The latest result of the metric's query (shape depends on the query), or null before the first run. */
  lastValue: v.unknown(),
  lastRefreshedAt: optionalTimestamp,
  lastError: nullableString,
  createdAt: timestamp,
});
export type CustomMetric = v.InferOutput<typeof customMetricSchema>;
