// One outbound POST with a deadline. Redirects are not followed: the URL policy checked only the
// configured host, so a 3xx pointing anywhere else (say, an internal address) is a failed attempt.
import { parseRetryAfter, type SendResult } from "./retry-policy";

export const USER_AGENT = "PromptSentry-Webhooks/1";
export const DEFAULT_TIMEOUT_MS = 10_000;

export const NETWORK_ERRORS = {
  hostNotFound: "The webhook's host could not be found. Check the host name in the URL.",
  connection: "The webhook's host refused or dropped the connection. Check that the receiver is running and reachable.",
  tls: "A secure connection to the webhook's host failed. Check its HTTPS certificate.",
  unreachable: "The webhook's host could not be reached.",
} as const;

/**
 * What a failed connection means, as a sentence for the deliveries list (the runtime's own text is
 * for developers: workerd reports an unresolvable host only as "internal error; reference = …",
 * a refused or reset connection as "Network connection lost.").
 */
export function networkErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/^internal error\b|dns|name not resolved|enotfound|getaddrinfo|no such host/i.test(message)) return NETWORK_ERRORS.hostNotFound;
  if (/tls|ssl|certificate|handshake/i.test(message)) return NETWORK_ERRORS.tls;
  if (/connection|refused|reset|econn|disconnected|closed/i.test(message)) return NETWORK_ERRORS.connection;
  return NETWORK_ERRORS.unreachable;
}

/** Cloudflare answers 530 (its error 1016, "Origin DNS error") for a host that does not resolve. */
const ORIGIN_DNS_ERROR = 530;

export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<SendResult> {
  const started = Date.now();
  try {
    const res = await fetch(url, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "user-agent": USER_AGENT, ...headers },
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The receiver's answer is never read; cancelling frees the connection.
    await res.body?.cancel().catch(() => {});
    const statusCode = res.status;
    const redirect = statusCode >= 300 && statusCode < 400;
    return {
      statusCode,
      error: redirect
        ? `Redirect (${statusCode}) to ${res.headers.get("location") ?? "nowhere"} not followed`
        : res.ok
          ? null
          : statusCode === ORIGIN_DNS_ERROR
            ? NETWORK_ERRORS.hostNotFound
            : `HTTP ${statusCode}`,
      durationMs: Date.now() - started,
      retryAfterSeconds: parseRetryAfter(res.headers.get("retry-after")),
    };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return {
      statusCode: null,
      error: timedOut ? `Timed out after ${timeoutMs / 1000} s` : networkErrorText(error),
      durationMs: Date.now() - started,
      retryAfterSeconds: null,
    };
  }
}
