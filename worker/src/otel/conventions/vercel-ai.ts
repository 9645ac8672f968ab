// The Vercel AI SDK's telemetry (`experimental_telemetry: { isEnabled: true }`): the provider call is
// the inner `ai.*.doGenerate` / `ai.*.doStream` span (the outer `ai.generateText` span wraps it and
// would log the call twice); its messages are `ai.prompt.messages` (JSON) and `ai.response.text`.
import { count, str, type Attrs } from "../attributes";
import { parseJsonish, structuredMessages } from "../messages";
import type { ModelCall, SpanView } from "./types";

const PROVIDER_CALLS = new Set([
  "ai.generateText.doGenerate",
  "ai.streamText.doStream",
  "ai.generateObject.doGenerate",
  "ai.streamObject.doStream",
]);

export const isVercelAiCall = (attrs: Attrs) => PROVIDER_CALLS.has(str(attrs, "ai.operationId") ?? "");

function responseText(a: Attrs): string {
  const text = str(a, "ai.response.text", "ai.response.object");
  const calls = parseJsonish(a["ai.response.toolCalls"] ?? null);
  const toolCalls = Array.isArray(calls)
    ? calls.map(
        (c: { toolName?: unknown; args?: unknown; input?: unknown }) =>
          `${String(c.toolName ?? "tool")}(${typeof (c.args ?? c.input) === "string" ? String(c.args ?? c.input) : JSON.stringify(c.args ?? c.input ?? "")})`,
      )
    : [];
  return [text, ...toolCalls].filter(Boolean).join("\n");
}

export function readVercelAi(span: SpanView): ModelCall {
  const a = span.attrs;
  const output = responseText(a);
  return {
    convention: "vercel_ai",
    model: str(a, "gen_ai.response.model", "ai.response.model", "gen_ai.request.model", "ai.model.id"),
    provider: str(a, "gen_ai.system", "ai.model.provider"),
    operation: str(a, "ai.operationId"),
    input: structuredMessages(a["ai.prompt.messages"]),
    output: output ? [{ role: "assistant", text: output }] : [],
    inputTokens: count(a, "gen_ai.usage.input_tokens", "ai.usage.inputTokens", "ai.usage.promptTokens"),
    outputTokens: count(a, "gen_ai.usage.output_tokens", "ai.usage.outputTokens", "ai.usage.completionTokens"),
    totalTokens: count(a, "ai.usage.totalTokens"),
    conversationId: str(a, "ai.telemetry.metadata.sessionId", "ai.telemetry.metadata.conversationId"),
    userId: str(a, "ai.telemetry.metadata.userId"),
  };
}
