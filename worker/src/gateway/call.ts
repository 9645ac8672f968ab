// One gateway call, whatever the provider's wire format (docs/gateway.md): quota and upstream policy
// first, then the guardrail (a flagged prompt never reaches the provider: it is stored `blocked` and
// the caller gets the wire's error), then the provider's answer relayed as it arrives while a tap
// keeps the log's copy; the log is stored once the answer has been relayed. The routes
// (routes/gateway.ts) only parse what their wire needs and name the provider's URL.
import type { Context } from "hono";
import { FLAG_REASON_LABELS, type FlagReason } from "@promptsentry/schema/constants/flags";
import { GATEWAY_BLOCKED_FLAGS, GATEWAY_FLAGGED_CODE, GATEWAY_SOURCE } from "@promptsentry/schema/constants/gateway";
import { MAX_TEXT_CHARS } from "@promptsentry/schema/constants/ingestion";
import type { Conversation } from "@promptsentry/schema/conversation";
import type { LogInput } from "@promptsentry/schema/requests/logs";
import { detect } from "../detector";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { ingestionQuota, ingestLogs } from "../ingestion/ingest-logs";
import { relayAnswer } from "./answer";
import { type Answer, boundedMs, estimateTokens, tokenCountOf } from "./chat-log";
import { callProvider, gatewayTimeouts, UPSTREAM_TIMEOUT_CODE } from "./forward";
import { MAX_JUDGED_CHARS, type Obj, renderRequest } from "./request-text";
import { forwardedHeaders, resolveUpstream, type UpstreamSetting } from "./upstream";
import type { Wire } from "./wire";

/** What a route read of its request: the body as it will be forwarded, and where it goes. */
export type GatewayRequest = {
  wire: Wire;
  /** The raw parsed body: fields the gateway does not read go through as sent. */
  body: Obj;
  model: string;
  user: string | null;
  stream: boolean;
  upstream: UpstreamSetting;
  /** The provider's URL for this call, from its base URL. */
  target: (base: URL) => string;
  /** Headers for the provider beyond the wire's forwarded ones (Gemini's `key` query parameter). */
  extraHeaders?: Record<string, string>;
};

type Call = GatewayRequest & { prompt: string; messages: Conversation | null; base: URL; started: number };

/** The log of one call, before the answer is known. */
function baseLog(call: Call): Omit<LogInput, "response"> {
  return {
    prompt: call.prompt,
    messages: call.messages,
    model: call.model.slice(0, 100),
    userId: call.user?.slice(0, 200) ?? null,
    source: GATEWAY_SOURCE,
  };
}

/** Gateway facts kept in the log's metadata (no header, credential or error text of the provider's). */
function gatewayMeta(call: Call, extra: Record<string, unknown>) {
  return { gateway: { provider: call.wire.provider, upstream: call.base.origin, stream: call.stream, ...extra } };
}

/** The log of a call the provider answered (`status` 2xx) or refused (any other status). */
function answeredLog(
  call: Call,
  status: number,
  answer: Answer | null,
  timing: { firstTokenMs?: number | null; totalMs: number },
  facts: Record<string, unknown> = {},
): LogInput {
  const meta: Record<string, unknown> = { status, totalMs: boundedMs(timing.totalMs), ...facts };
  if (timing.firstTokenMs != null) meta.firstTokenMs = boundedMs(timing.firstTokenMs);
  if (!answer) {
    // Provider errors are logged (the prompt did leave for the provider) with the status only: their
    // text may echo part of the caller's provider key (OpenAI's "Incorrect API key provided: sk-…").
    return { ...baseLog(call), response: "", latencyMs: boundedMs(timing.totalMs), metadata: gatewayMeta(call, meta) };
  }
  const { tokens, estimated } = tokenCountOf(call.prompt, answer);
  if (answer.finishReason) meta.finishReason = answer.finishReason;
  meta.tokensEstimated = estimated;
  return {
    ...baseLog(call),
    model: (answer.model ?? call.model).slice(0, 100),
    response: answer.text,
    tokenCount: tokens,
    latencyMs: boundedMs(timing.totalMs),
    metadata: gatewayMeta(call, meta),
  };
}

/** Logging never fails the call: the answer is already on its way when it runs. */
function storeLater(c: Context<AppEnv>, log: Promise<LogInput | null>) {
  c.executionCtx.waitUntil(
    log
      .then((input) => (input ? ingestLogs(c, [input], { idempotencyKey: null }) : undefined))
      .catch((error) => console.error("gateway log failed", error)),
  );
}

export async function gatewayCall(c: Context<AppEnv>, request: GatewayRequest): Promise<Response> {
  const started = Date.now();
  const { wire } = request;
  // One D1 round trip: settings (upstream, guardrail, detection rules) and the quota, checked before
  // the provider is called so an organization over quota is never forwarded unlogged.
  const quota = await ingestionQuota(c, new Date(started));
  const base = resolveUpstream(c, quota.settings, request.upstream);
  quota.assertRoom(1);
  const blocked = GATEWAY_BLOCKED_FLAGS[quota.settings.gatewayBlock];
  // The guardrail reads what is forwarded: every string of the raw parsed body.
  const judged = renderRequest(request.body, wire.conversation, blocked.length > 0);
  const call: Call = { ...request, prompt: judged.prompt, messages: wire.turns?.(request.body) ?? null, base, started };

  if (blocked.length) {
    // What the guardrail cannot read is not forwarded while it is on.
    if (judged.unknownParts.length)
      throw new ApiError(
        400,
        "unsupported_content",
        `Your organization's PromptSentry guardrail is on and does not read content part ${judged.unknownParts.join(", ")}; the request was not sent to the provider. Parts it reads: ${wire.knownParts.join(", ")}.`,
      );
    if (judged.tooLong)
      throw new ApiError(
        413,
        "payload_too_large",
        `The request holds more text than the PromptSentry guardrail judges (${MAX_JUDGED_CHARS.toLocaleString("en")} characters with field names); it was not sent to the provider.`,
      );
    // The answer's tokens are unknown before the call: the prompt's estimate stands in for high token
    // usage, here and in the stored log, so both see the same flag. Nothing was spent: cost 0.
    // A blocked log stores all that was judged (cut at the longest text a log holds).
    const input: LogInput = {
      ...baseLog(call),
      prompt: judged.judged.slice(0, MAX_TEXT_CHARS),
      response: "",
      tokenCount: estimateTokens(judged.judged),
      estimatedCost: 0,
      metadata: gatewayMeta(call, { blockedAt: quota.settings.gatewayBlock, tokensEstimated: true }),
    };
    const flags = detect(
      { ...input, prompt: judged.judged },
      { rules: quota.settings.flagRules, tokenThreshold: quota.settings.tokenThreshold, sensitivity: quota.settings.sensitivity },
    );
    if (blocked.includes(flags.flagStatus)) {
      const [log] = await ingestLogs(c, [input], { blocked: true, idempotencyKey: null });
      const reasons = flags.flagReasons.map((r) => FLAG_REASON_LABELS[r as FlagReason] ?? r).join(", ");
      throw new ApiError(
        400,
        GATEWAY_FLAGGED_CODE,
        `Blocked by your organization's PromptSentry guardrail: the prompt was flagged ${flags.flagStatus} (${reasons}) and was not sent to the provider. Log ${log.id}.`,
      );
    }
  }

  const timeouts = gatewayTimeouts(c.env);
  const headers = forwardedHeaders(c, wire.forwardedHeaders);
  for (const [name, value] of Object.entries(request.extraHeaders ?? {})) headers.set(name, value);
  let provider: Awaited<ReturnType<typeof callProvider>>;
  try {
    // Redirects are not followed: a redirect could lead past the outbound URL policy.
    provider = await callProvider(
      request.target(base),
      { method: "POST", headers, body: JSON.stringify(request.body), redirect: "manual" },
      timeouts.headersMs,
    );
  } catch (error) {
    // A provider that did not answer in time most likely has the prompt: logged, like its errors.
    if (error instanceof ApiError && error.code === UPSTREAM_TIMEOUT_CODE)
      storeLater(c, Promise.resolve(answeredLog(call, 504, null, { totalMs: Date.now() - started }, { incomplete: "headers_timeout" })));
    throw error;
  }
  // The answer goes to the client as it arrives; the log is stored once it has been relayed.
  const { response, outcome } = relayAnswer(provider.res, { started, idleMs: timeouts.idleMs, abort: provider.abort, wire });
  storeLater(
    c,
    outcome.then((o) => answeredLog(call, provider.res.status, o.answer, o, o.facts)),
  );
  return response;
}
