// Custom metrics: create (docs/custom-metric-sql.md).
import * as v from "valibot";
import { METRIC_DEFAULT_REFRESH_SECONDS, METRIC_MIN_REFRESH_SECONDS, METRIC_TYPES, METRIC_VISUALIZATIONS } from "../constants/metrics";
import { MESSAGES, required, requiredName } from "./fields";

export const customMetricBody = v.object({
  name: requiredName,
  description: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(500))), null),
  query: required(
    v.pipe(
      v.string(MESSAGES.queryRequired),
      v.trim(),
      v.nonEmpty(MESSAGES.queryRequired),
      v.maxLength(4000, "Query must be at most 4000 characters"),
    ),
  ),
  type: v.optional(v.picklist(METRIC_TYPES, `Type must be one of ${METRIC_TYPES.join(", ")}`), "count"),
  visualization: v.optional(
    v.picklist(METRIC_VISUALIZATIONS, `Visualization must be one of ${METRIC_VISUALIZATIONS.join(", ")}`),
    "number",
  ),
  refreshInterval: v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))], MESSAGES.refreshIntervalMin),
      v.integer(MESSAGES.refreshIntervalMin),
      v.minValue(METRIC_MIN_REFRESH_SECONDS, MESSAGES.refreshIntervalMin),
      v.maxValue(86_400 * 7, "Refresh interval must be at most 7 days"),
    ),
    METRIC_DEFAULT_REFRESH_SECONDS,
  ),
  isActive: v.optional(v.boolean(), true),
});
