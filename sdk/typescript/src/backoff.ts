// When to try a failed batch again: the server's Retry-After when it gave one (seconds or an HTTP
// date), else exponential backoff with full jitter so many clients do not retry in step.

/** Milliseconds a Retry-After header asks for, or null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Delay before retry number `retry` (0-based): uniform in [0, min(cap, base·2^retry)], at least 1/4 of it. */
export function backoffMs(retry: number, baseMs: number, capMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** retry);
  return Math.round(ceiling / 4 + random() * ((ceiling * 3) / 4));
}

/** Statuses worth retrying: rate limited and server-side failures. Every other 4xx would fail again. */
export const isRetryableStatus = (status: number) => status === 429 || status >= 500;
