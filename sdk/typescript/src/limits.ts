// The server's limits (schema/constants/ingestion.ts: BATCH_MAX_LOGS, MAX_BATCH_BODY_BYTES). Copied because the
// SDK ships without the monorepo; sdk/typescript/test/limits.test.ts fails if they ever differ.
export const SERVER_BATCH_MAX_LOGS = 500;
export const SERVER_MAX_BATCH_BODY_BYTES = 10 * 1024 * 1024;

export const DEFAULTS = {
  maxBatchSize: 100,
  flushIntervalMs: 1_000,
  maxBatchBytes: SERVER_MAX_BATCH_BODY_BYTES,
  maxQueueSize: 10_000,
  maxRetries: 6,
  initialBackoffMs: 500,
  maxBackoffMs: 30_000,
  timeoutMs: 10_000,
  source: "node-sdk",
} as const;

/** `{"logs":[` + `]}`: the envelope around the comma-joined entries. */
export const BATCH_ENVELOPE_BYTES = '{"logs":[]}'.length;
