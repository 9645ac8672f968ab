// When to retry a delivery and how long to wait (docs/delivery.md): network errors, timeouts, 5xx and 429
// are worth another try; everything else is the receiver's final word.

/** Attempts per message before giving up (the queue's own max_retries in wrangler.toml is higher). */
export const MAX_ATTEMPTS = 8;
const FIRST_DELAY_SECONDS = 10;
const GROWTH = 4;
/** Longest wait between attempts; Cloudflare Queues allow up to 12 h. */
export const MAX_DELAY_SECONDS = 6 * 60 * 60;
const JITTER = 0.2;

/** 10 s · 4^(n−1), ±20 % so receivers that failed together are not retried in lockstep, capped at 6 h. */
export function backoffSeconds(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_DELAY_SECONDS * GROWTH ** (Math.max(1, attempt) - 1), MAX_DELAY_SECONDS);
  const jittered = base * (1 - JITTER + 2 * JITTER * random());
  return Math.max(1, Math.min(MAX_DELAY_SECONDS, Math.round(jittered)));
}

/** Seconds to wait from a Retry-After header (delta-seconds or an HTTP date), capped; null if absent or invalid. */
export function parseRetryAfter(value: string | null, nowMs = Date.now()): number | null {
  if (!value) return null;
  const text = value.trim();
  const seconds = /^\d+$/.test(text) ? Number(text) : Math.ceil((Date.parse(text) - nowMs) / 1000);
  if (!Number.isFinite(seconds)) return null;
  return Math.min(MAX_DELAY_SECONDS, Math.max(0, seconds));
}

export type SendResult = { statusCode: number | null; error: string | null; durationMs: number; retryAfterSeconds: number | null };

export type Verdict =
  | { action: "ack"; success: boolean; error: string | null }
  | { action: "retry"; success: false; error: string; delaySeconds: number }
  /** 410 Gone: the receiver asks never to be called again. */
  | { action: "disable"; success: false; error: string };

const isSuccess = (status: number | null) => status !== null && status >= 200 && status < 300;
export const isRetryable = (status: number | null) => status === null || status === 429 || status >= 500;

/** What to do after attempt number `attempt` (1-based, Message.attempts) produced `result`. */
export function judge(result: SendResult, attempt: number, random?: () => number): Verdict {
  if (isSuccess(result.statusCode)) return { action: "ack", success: true, error: null };
  const error = result.error ?? `HTTP ${result.statusCode}`;
  if (result.statusCode === 410) return { action: "disable", success: false, error };
  if (!isRetryable(result.statusCode)) return { action: "ack", success: false, error };
  if (attempt >= MAX_ATTEMPTS) return { action: "ack", success: false, error: `${error}; gave up after ${attempt} attempts` };
  const honoured = (result.statusCode === 429 || result.statusCode === 503) && result.retryAfterSeconds !== null;
  const delaySeconds = honoured ? Math.max(1, result.retryAfterSeconds!) : backoffSeconds(attempt, random);
  return { action: "retry", success: false, error, delaySeconds };
}
