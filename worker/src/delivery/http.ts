// One outbound POST with a deadline. Redirects are not followed: the URL policy checked only the
// configured host, so a 3xx pointing anywhere else (say, an internal address) is a failed attempt.
import { parseRetryAfter, type SendResult } from "./retry-policy";

export const USER_AGENT = "PromptSentry-Webhooks/1";
export const DEFAULT_TIMEOUT_MS = 10_000;

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
          : `HTTP ${statusCode}`,
      durationMs: Date.now() - started,
      retryAfterSeconds: parseRetryAfter(res.headers.get("retry-after")),
    };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return {
      statusCode: null,
      error: timedOut
        ? `Timed out after ${timeoutMs / 1000} s`
        : `Network error: ${error instanceof Error ? error.message : String(error)}`,
      durationMs: Date.now() - started,
      retryAfterSeconds: null,
    };
  }
}
