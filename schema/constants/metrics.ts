// Custom metrics: kinds, charts, refresh and bounded cost (docs/custom-metric-sql.md#bounded-cost).

export const METRIC_TYPES = ["count", "avg", "sum", "percentage"] as const;
export const METRIC_VISUALIZATIONS = ["line", "bar", "pie", "number"] as const;
export const METRIC_MIN_REFRESH_SECONDS = 60;
export const METRIC_DEFAULT_REFRESH_SECONDS = 300;

/** Custom metrics one organization may have: bounds what the scheduled refresh runs for it. */
export const MAX_CUSTOM_METRICS_PER_ORG = 50;
/** Wall-clock time the scheduled refresh spends on one organization's metrics per run. */
export const METRIC_REFRESH_BUDGET_MS = 5_000;
