// The shapes the SDK exposes. A log entry is what POST /api/logs/batch takes for one log
// (schema/requests/logs.ts `logBody`): prompt and model are required, everything else optional.
import type { ConversationMessage } from "./conversation.js";

export interface LogEntry {
  prompt: string;
  response?: string | null;
  model: string;
  /** Where the log came from; defaults to the client's `source` option ("node-sdk"). */
  source?: string | null;
  userId?: string | null;
  sessionId?: string | null;
  tokenCount?: number | null;
  /** In cents. */
  estimatedCost?: number | null;
  latencyMs?: number | null;
  metadata?: Record<string, unknown> | null;
  /** The conversation `prompt` flattens, as turns (shown in the Prompt Details dialog); the server scans `prompt`. */
  messages?: ConversationMessage[] | null;
}

/** Why the SDK gave up on logs; every loss is reported once through `onError`. */
export type ErrorKind =
  /** The API answered a 4xx other than 429: the batch is not retried (it would fail again). */
  | "rejected"
  /** 429/5xx/network errors outlasted `maxRetries`. */
  | "gave_up"
  /** The queue was full (API down for long): the oldest logs made room for new ones. */
  | "dropped"
  /** The entry can never be accepted (missing prompt or model, or larger than a whole batch). */
  | "invalid";

export class PromptSentryError extends Error {
  constructor(
    message: string,
    readonly kind: ErrorKind,
    /** How many logs this error lost. */
    readonly logs: number,
    /** HTTP status of the last answer, if there was one. */
    readonly status?: number,
    /** The API's error envelope (`{error: {code, message, issues?}}`) or text, if there was one. */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "PromptSentryError";
  }
}

export interface PromptSentryOptions {
  /** A key with the Write Prompt Logs permission (`pk_live_…`). Sent as `Authorization: Bearer`. */
  apiKey: string;
  /** Origin of the PromptSentry server, e.g. `https://promptsentry.example.com`. */
  baseUrl: string;
  /** Logs per request (default 100, at most the server's 500). */
  maxBatchSize?: number;
  /** How long a log may wait for companions before its batch is sent (default 1000 ms). */
  flushIntervalMs?: number;
  /** Request body budget per batch in bytes (default and maximum: the server's 10 MB limit). */
  maxBatchBytes?: number;
  /** Logs kept while the API is unreachable; beyond it the oldest are dropped (default 10 000). */
  maxQueueSize?: number;
  /** Retries of one batch after its first attempt (default 6: about a minute of backoff). */
  maxRetries?: number;
  /** First backoff step (default 500 ms); doubles per retry, with full jitter. */
  initialBackoffMs?: number;
  /** Ceiling of one backoff step, and of an honoured Retry-After (default 30 000 ms). */
  maxBackoffMs?: number;
  /** Per-request timeout (default 10 000 ms); a timeout is retried like a network error. */
  timeoutMs?: number;
  /** Default `source` of every log (default "node-sdk"). */
  source?: string;
  /** Called once per loss of logs; never throws into your code. Default: console.warn. */
  onError?: (error: PromptSentryError) => void;
  /** A fetch implementation (default: the global fetch). */
  fetch?: typeof fetch;
  /** Node only: flush what is queued when the event loop empties (default true). */
  flushOnExit?: boolean;
}

export interface PromptSentryStats {
  /** Logs the API acknowledged. */
  sent: number;
  /** Logs lost to a full queue (drop-oldest). */
  dropped: number;
  /** Logs lost to a rejected batch, exhausted retries or invalid input. */
  failed: number;
  /** Retries made (each one a repeat of a batch with its same Idempotency-Key). */
  retries: number;
  /** Logs waiting or in flight. */
  pending: number;
}
