// The call to the provider, with time limits: no response headers within the headers limit is a 504
// `upstream_timeout`; a refused connection or failed lookup a 502 `upstream_unreachable`. The idle
// limit applies to each read of the body once the headers are in (relay.ts).
import { GATEWAY_HEADERS_TIMEOUT_MS, GATEWAY_IDLE_TIMEOUT_MS } from "@promptsentry/schema/constants/gateway";
import type { Bindings } from "../env";
import { ApiError } from "../errors";

export const UPSTREAM_TIMEOUT_CODE = "upstream_timeout";

export type GatewayTimeouts = { headersMs: number; idleMs: number };

const msOr = (raw: string | undefined, fallback: number) => {
  const n = Number(raw);
  return raw && Number.isSafeInteger(n) && n > 0 ? n : fallback;
};

/** The limits of this deployment: schema/constants/, unless a binding of the same name sets another. */
export const gatewayTimeouts = (env: Pick<Bindings, "GATEWAY_HEADERS_TIMEOUT_MS" | "GATEWAY_IDLE_TIMEOUT_MS">): GatewayTimeouts => ({
  headersMs: msOr(env.GATEWAY_HEADERS_TIMEOUT_MS, GATEWAY_HEADERS_TIMEOUT_MS),
  idleMs: msOr(env.GATEWAY_IDLE_TIMEOUT_MS, GATEWAY_IDLE_TIMEOUT_MS),
});

/** The provider's response (headers in, body still to read) and a way to drop its connection. */
export async function callProvider(url: string, init: RequestInit, headersMs: number): Promise<{ res: Response; abort: () => void }> {
  const controller = new AbortController();
  // A timer cleared once the headers are in, not AbortSignal.timeout: a fetch's signal governs its
  // body too, so a fixed deadline would cut off a stream that is still flowing.
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, headersMs);
  const origin = new URL(url).origin;
  try {
    const res = await fetch(url, { ...init, signal: controller.signal });
    return { res, abort: () => controller.abort() };
  } catch {
    if (timedOut) throw new ApiError(504, UPSTREAM_TIMEOUT_CODE, `The provider at ${origin} did not answer within ${headersMs / 1000} s`);
    throw new ApiError(502, "upstream_unreachable", `The provider at ${origin} could not be reached`);
  } finally {
    clearTimeout(timer);
  }
}
