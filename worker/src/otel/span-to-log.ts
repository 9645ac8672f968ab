// One OTLP span → one log input (or null when the span is not a model call). Which convention is read:
// OpenInference when the span says so, the Vercel AI SDK's provider-call spans; otherwise the GenAI namespace, the current structured messages
// first and the older OpenLLMetry forms when the current ones are absent.
import { str, type Attrs } from "./attributes";
import { readGenAi, withDetailsEvent, MODEL_OPERATIONS } from "./conventions/gen-ai";
import { isOpenInferenceLlm, readOpenInference } from "./conventions/openinference";
import { readOpenLlmetry } from "./conventions/openllmetry";
import type { ModelCall, SpanView } from "./conventions/types";
import { isVercelAiCall, readVercelAi } from "./conventions/vercel-ai";
import { conversationOf, renderMessages } from "./messages";
import { modelName } from "./models";

/** `source` of every log that came in over OTLP. */
export const OTEL_SOURCE = "otel";
/** OpenLLMetry's request types that are model calls (it does not always set gen_ai.operation.name). */
const LLM_REQUEST_TYPES = new Set(["chat", "completion"]);

const hasMessages = (call: ModelCall) => call.input.length > 0 || call.output.length > 0;

export function readModelCall(span: SpanView): ModelCall | null {
  if (isOpenInferenceLlm(span.attrs)) return readOpenInference(span);
  if (isVercelAiCall(span.attrs)) return readVercelAi(span);
  const operation = str(withDetailsEvent(span), "gen_ai.operation.name");
  // An embeddings, tool or agent span is not a model call (the agent's chat spans are).
  if (operation && !MODEL_OPERATIONS.has(operation)) return null;
  const current = readGenAi(span);
  const legacy = readOpenLlmetry(span);
  const requestType = str(span.attrs, "llm.request.type");
  const isCall =
    operation !== undefined ||
    (requestType !== undefined && LLM_REQUEST_TYPES.has(requestType)) ||
    (current.model !== undefined && (hasMessages(current) || hasMessages(legacy)));
  if (!isCall) return null;
  if (hasMessages(current) || !hasMessages(legacy)) return current;
  return legacy;
}

export type SpanOrigin = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  resource: Attrs;
  scope?: string;
  startNs: bigint;
  endNs: bigint;
};

const NS_PER_MS = 1_000_000n;
const LABEL_MAX = 200;
const clip = (s: string | undefined) => (s === undefined ? undefined : s.slice(0, LABEL_MAX));

/** Span duration in whole milliseconds; undefined for an unset or inverted end. */
export function latencyMs(startNs: bigint, endNs: bigint): number | undefined {
  if (startNs === 0n || endNs === 0n || endNs < startNs) return undefined;
  return Number((endNs - startNs + NS_PER_MS / 2n) / NS_PER_MS);
}

function tokenCount(call: ModelCall): number | undefined {
  if (call.totalTokens !== undefined) return call.totalTokens;
  if (call.inputTokens === undefined && call.outputTokens === undefined) return undefined;
  return (call.inputTokens ?? 0) + (call.outputTokens ?? 0);
}

/**
 * The log input of a model call, still unvalidated: the route validates it with the same schema as
 * POST /api/logs, so a span with no captured prompt is refused the same way (and reported per span).
 */
export function logInputOf(span: SpanView, call: ModelCall, origin: SpanOrigin): Record<string, unknown> {
  const a = span.attrs;
  const r = origin.resource;
  const otel = {
    traceId: origin.traceId,
    spanId: origin.spanId,
    parentSpanId: origin.parentSpanId || undefined,
    serviceName: clip(str(r, "service.name")),
    spanName: clip(span.name) || undefined,
    scope: clip(origin.scope) || undefined,
    convention: call.convention,
    provider: clip(call.provider),
    operation: clip(call.operation),
    inputTokens: call.inputTokens,
    outputTokens: call.outputTokens,
  };
  return {
    prompt: renderMessages(call.input),
    response: renderMessages(call.output),
    // the turns beside the flattened prompt, for reading; the detector scans the prompt
    messages: conversationOf(call.input),
    model: modelName(call.model, call.provider),
    source: OTEL_SOURCE,
    userId:
      str(a, "user.id", "enduser.id", "traceloop.association.properties.user_id") ?? call.userId ?? str(r, "user.id", "enduser.id") ?? null,
    sessionId: call.conversationId ?? str(a, "session.id", "traceloop.association.properties.session_id") ?? str(r, "session.id") ?? null,
    tokenCount: tokenCount(call) ?? null,
    latencyMs: latencyMs(origin.startNs, origin.endNs) ?? null,
    // JSON drops the undefined fields.
    metadata: { otel: JSON.parse(JSON.stringify(otel)) },
  };
}
