// Prompt logs as the API answers them (GET /api/logs, POST /api/logs, the live feed), their findings,
// counts and fingerprint summaries.
import * as v from "valibot";
import { FLAG_REASONS, FLAG_STATUSES } from "../constants/flags";
import { conversationSchema } from "../conversation";
import { id, nullableCents, nullableNumber, nullableString, timestamp, optionalTimestamp } from "./common";

/** What the detector matched, with offsets into the stored prompt or response (for highlighting). */
export const findingSchema = v.object({
  reason: v.picklist(FLAG_REASONS),
  rule: v.string(),
  target: v.picklist(["prompt", "response"]),
  start: v.number(),
  end: v.number(),
  /** How sure the detector was (0..1); absent on logs stored before scores existed. */
  score: v.optional(v.number()),
  /** Keyed HMAC-SHA256 (hex) of the value a redacted finding replaced; the value is never stored. */
  fingerprint: v.optional(v.string()),
});
export type Finding = v.InferOutput<typeof findingSchema>;

export const promptLogSchema = v.object({
  id,
  createdAt: timestamp,
  model: v.string(),
  userId: nullableString,
  sessionId: nullableString,
  prompt: v.string(),
  response: v.string(),
  tokenCount: nullableNumber,
  /** In US cents. */
  estimatedCost: nullableCents,
  latencyMs: nullableNumber,
  source: nullableString,
  metadata: v.nullable(v.record(v.string(), v.unknown())),
  flagStatus: v.picklist(FLAG_STATUSES),
  flagReasons: v.array(v.string()),
  findings: v.array(findingSchema),
  /** Retention purged prompt, response and metadata; the rest is kept until metadataRetentionDays. */
  contentExpired: v.boolean(),
  /** The gateway refused to forward this prompt to the provider (its flag met gatewayBlock; docs/gateway.md). */
  blocked: v.boolean(),
  /**
   * The conversation the prompt flattens, as turns (redacted like the prompt). Only GET /api/logs/{id}
   * answers it, and only for a log that has one; lists, exports and the live feed leave it out.
   */
  messages: v.optional(conversationSchema),
});
export type PromptLog = v.InferOutput<typeof promptLogSchema>;

export const promptLogListSchema = v.array(promptLogSchema);

/**
 * POST /api/test-prompt with `dryRun: true`: what the detector and the price table make of the
 * prompt, with nothing stored, alerted, delivered or broadcast (so no id and no time).
 */
export const testPromptDryRunSchema = v.object({
  dryRun: v.literal(true),
  model: v.string(),
  prompt: v.string(),
  response: v.string(),
  tokenCount: nullableNumber,
  estimatedCost: nullableCents,
  flagStatus: v.picklist(FLAG_STATUSES),
  flagReasons: v.array(v.string()),
  findings: v.array(findingSchema),
});
export type TestPromptDryRun = v.InferOutput<typeof testPromptDryRunSchema>;

/** POST /api/logs/batch: the stored logs' ids, in the order sent. */
export const logBatchResultSchema = v.object({ ids: v.array(id) });
export type LogBatchResult = v.InferOutput<typeof logBatchResultSchema>;

/** GET /api/logs/counts: how many logs the filters match, in all and per flag status. */
/**
 * With a search or a row-level filter the server counts at most LOG_COUNT_CAP logs: past it `capped` is
 * true, `total` is the cap (shown as "10,000+") and the per-flag numbers are null (unknown).
 */
export const logCountsSchema = v.object({
  total: v.number(),
  capped: v.boolean(),
  safe: v.nullable(v.number()),
  warning: v.nullable(v.number()),
  critical: v.nullable(v.number()),
});
export type LogCounts = v.InferOutput<typeof logCountsSchema>;

/** GET /api/logs/fingerprints/{fingerprint}: in how many logs a redacted value appeared, first and last seen. */
export const fingerprintSummarySchema = v.object({
  fingerprint: v.string(),
  logs: v.number(),
  firstSeenAt: optionalTimestamp,
  lastSeenAt: optionalTimestamp,
});
export type FingerprintSummary = v.InferOutput<typeof fingerprintSummarySchema>;
