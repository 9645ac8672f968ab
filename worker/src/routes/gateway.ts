// OpenAI-compatible gateway with guardrails (docs/gateway.md). An official OpenAI
// client pointed at `<origin>/api/gateway/v1` with our key in X-PromptSentry-Key gets the provider's
// answer unchanged (streamed chunk by chunk when it asks for a stream), and every call is logged
// through the one ingestion pipeline. A prompt whose flag meets the organization's gatewayBlock never
// reaches the provider: it is stored marked `blocked` and the client gets OpenAI's 400 shape.
import type { Context } from "hono";
import { Hono } from "hono";
import {
  FLAG_REASON_LABELS,
  GATEWAY_BLOCKED_FLAGS,
  GATEWAY_FLAGGED_CODE,
  GATEWAY_SOURCE,
  MAX_TEXT_CHARS,
  type FlagReason,
} from "../../../schema/constants";
import type { Conversation } from "../../../schema/conversation";
import { gatewayChatBody, type GatewayChatInput, type LogInput } from "../../../schema/validation";
import { detect } from "../detector";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { relayAnswer } from "../gateway/answer";
import { boundedMs, estimateTokens, tokenCountOf, type Answer } from "../gateway/chat-log";
import { gatewayOnError } from "../gateway/errors";
import { callProvider, gatewayTimeouts, UPSTREAM_TIMEOUT_CODE } from "../gateway/forward";
import { KNOWN_PART_TYPES, MAX_JUDGED_CHARS, requestText } from "../gateway/request-text";
import { chatTurns } from "../gateway/turns";
import { completionsUrl, forwardedHeaders, resolveUpstream } from "../gateway/upstream";
import { ingestionQuota, ingestLogs } from "../ingestion/ingest-logs";
import { guard } from "../middleware/guard";
import { GATEWAY_CREDENTIALS } from "../openapi";
import { ingestRateLimit } from "../middleware/rate-limit";
import { jsonBody } from "../validate";

type Call = { body: GatewayChatInput; prompt: string; messages: Conversation | null; upstream: URL; started: number };

/** The log of one call, before the answer is known. */
function baseLog(call: Call): Omit<LogInput, "response"> {
  return {
    prompt: call.prompt,
    messages: call.messages,
    model: call.body.model.slice(0, 100),
    userId: call.body.user ?? null,
    source: GATEWAY_SOURCE,
  };
}

/** Gateway facts kept in the log's metadata (no header, credential or error text of the provider's). */
function gatewayMeta(call: Call, extra: Record<string, unknown>) {
  return { gateway: { upstream: call.upstream.origin, stream: call.body.stream === true, ...extra } };
}

/** Stores the log of a call the provider answered (`status` 2xx) or refused (any other status). */
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
    model: (answer.model ?? call.body.model).slice(0, 100),
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

export const gatewayRoutes = new Hono<AppEnv>()
  .post(
    "/v1/chat/completions",
    ...guard("logs:write", {
      summary:
        "OpenAI-compatible chat completions: forwarded to the provider (streamed or not) and logged; flagged prompts blocked per gatewayBlock",
      tag: "Gateway",
      // Authorization is the caller's provider credential, passed through; our key is X-PromptSentry-Key.
      security: GATEWAY_CREDENTIALS,
      answers: {
        200: {
          description: "The provider's answer, unchanged: a chat completion, or `text/event-stream` chunks when `stream: true`",
          content: { "application/json": { schema: { type: "object" } }, "text/event-stream": { schema: { type: "string" } } },
        },
      },
      errors: {
        400: "`content_flagged`: the prompt met the organization's gatewayBlock and was not sent (OpenAI error shape); `invalid_upstream`: the upstream URL is refused by the outbound policy",
        502: "`upstream_unreachable`: the provider could not be reached",
        504: "`upstream_timeout`: the provider sent no response headers within the gateway's limit (docs/gateway.md#limits)",
      },
    }),
    ingestRateLimit,
    ...jsonBody(gatewayChatBody),
    async (c) => {
      const started = Date.now();
      const body = c.req.valid("json");
      // One D1 round trip: settings (upstream, guardrail, detection rules) and the quota, checked before
      // the provider is called so an organization over quota is never forwarded unlogged.
      const quota = await ingestionQuota(c, new Date(started));
      const upstream = resolveUpstream(c, quota.settings);
      quota.assertRoom(1);
      const blocked = GATEWAY_BLOCKED_FLAGS[quota.settings.gatewayBlock];
      // The guardrail reads what is forwarded: every string of the raw parsed body (parsed once, cached).
      const raw = (await c.req.json()) as Record<string, unknown>;
      const request = requestText(raw, blocked.length > 0);
      const call: Call = { body, prompt: request.prompt, messages: chatTurns(raw.messages), upstream, started };

      if (blocked.length) {
        // What the guardrail cannot read is not forwarded while it is on.
        if (request.unknownParts.length)
          throw new ApiError(
            400,
            "unsupported_content",
            `Your organization's PromptSentry guardrail is on and does not read content part ${request.unknownParts.join(", ")}; the request was not sent to the provider. Parts it reads: ${KNOWN_PART_TYPES.join(", ")}.`,
          );
        if (request.tooLong)
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
          prompt: request.judged.slice(0, MAX_TEXT_CHARS),
          response: "",
          tokenCount: estimateTokens(request.judged),
          estimatedCost: 0,
          metadata: gatewayMeta(call, { blockedAt: quota.settings.gatewayBlock, tokensEstimated: true }),
        };
        const flags = detect(
          { ...input, prompt: request.judged },
          {
            rules: quota.settings.flagRules,
            tokenThreshold: quota.settings.tokenThreshold,
            sensitivity: quota.settings.sensitivity,
          },
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
      let provider: Awaited<ReturnType<typeof callProvider>>;
      try {
        // The raw parsed body, not the validated one: fields the gateway does not read go through as sent.
        // Redirects are not followed: a redirect could lead past the outbound URL policy.
        provider = await callProvider(
          completionsUrl(upstream),
          { method: "POST", headers: forwardedHeaders(c), body: JSON.stringify(await c.req.json()), redirect: "manual" },
          timeouts.headersMs,
        );
      } catch (error) {
        // A provider that did not answer in time most likely has the prompt: logged, like its errors.
        if (error instanceof ApiError && error.code === UPSTREAM_TIMEOUT_CODE)
          storeLater(
            c,
            Promise.resolve(answeredLog(call, 504, null, { totalMs: Date.now() - started }, { incomplete: "headers_timeout" })),
          );
        throw error;
      }
      // The answer goes to the client as it arrives; the log is stored once it has been relayed.
      const { response, outcome } = relayAnswer(provider.res, { started, idleMs: timeouts.idleMs, abort: provider.abort });
      storeLater(
        c,
        outcome.then((o) => answeredLog(call, provider.res.status, o.answer, o, o.facts)),
      );
      return response;
    },
  )
  .onError(gatewayOnError);
