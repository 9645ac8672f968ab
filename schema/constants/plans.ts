// Plans, their quotas and ingestion rate limits (docs/web.md#screens, wrangler.toml [[ratelimits]]).

export const PLANS = {
  trial: { name: "Free Trial", priceUsd: 0, period: "14 days", promptQuota: 1_000, days: 14 },
  professional: { name: "Professional", priceUsd: 49, period: "per month", promptQuota: 50_000, days: 30 },
  enterprise: { name: "Enterprise", priceUsd: 199, period: "per month", promptQuota: null, days: 30 },
} as const;
export type PlanId = keyof typeof PLANS;
/**
 * Ingestion requests per organization per minute, by plan (a batch is one request). Enforced by the
 * Workers Rate Limiting bindings named here (wrangler.toml [[ratelimits]]); Enterprise is set high
 * enough never to throttle the benchmarks.
 */
export const INGEST_RATE_LIMITS = {
  trial: { binding: "INGEST_LIMIT_TRIAL", perMinute: 600 },
  professional: { binding: "INGEST_LIMIT_PROFESSIONAL", perMinute: 6_000 },
  enterprise: { binding: "INGEST_LIMIT_ENTERPRISE", perMinute: 120_000 },
} as const satisfies Record<PlanId, { binding: string; perMinute: number }>;
export const TRIAL_DAYS = 14;
