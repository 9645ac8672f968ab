// The current OpenTelemetry GenAI semantic conventions (semconv ≥ 1.37): a model call is a span whose
// `gen_ai.operation.name` is chat, text_completion or generate_content; messages are JSON-string
// structured messages with parts in `gen_ai.input.messages` / `gen_ai.output.messages` /
// `gen_ai.system_instructions`, on the span or on its `gen_ai.client.inference.operation.details` event.
import { count, str, type Attrs } from "../attributes";
import { structuredMessages, systemInstructions } from "../messages";
import type { ModelCall, SpanView } from "./types";

/** Operations that send a prompt to a model and get its answer back. */
export const MODEL_OPERATIONS = new Set(["chat", "text_completion", "generate_content"]);
/** Operations that are GenAI but not one model call (their child chat spans are the calls). */
export const OTHER_GENAI_OPERATIONS = new Set(["embeddings", "execute_tool", "invoke_agent", "create_agent", "retrieval"]);

export const DETAILS_EVENT = "gen_ai.client.inference.operation.details";

/** The span's attributes with its details event's on top (the event form carries the same keys). */
export function withDetailsEvent(span: SpanView): Attrs {
  const details = span.events.find((e) => e.name === DETAILS_EVENT);
  return details ? { ...span.attrs, ...details.attrs } : span.attrs;
}

/** Fields shared with the older gen_ai form: model, provider, usage, conversation. */
export function genAiCommon(attrs: Attrs): Omit<ModelCall, "convention" | "input" | "output"> {
  return {
    model: str(attrs, "gen_ai.response.model", "gen_ai.request.model"),
    provider: str(attrs, "gen_ai.provider.name", "gen_ai.system"),
    operation: str(attrs, "gen_ai.operation.name"),
    inputTokens: count(attrs, "gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens"),
    outputTokens: count(attrs, "gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens"),
    totalTokens: count(attrs, "gen_ai.usage.total_tokens", "llm.usage.total_tokens"),
    conversationId: str(attrs, "gen_ai.conversation.id"),
  };
}

/** The current form's messages; empty when the instrumentation did not capture content. */
export function readGenAi(span: SpanView): ModelCall {
  const attrs = withDetailsEvent(span);
  return {
    convention: "gen_ai",
    ...genAiCommon(attrs),
    input: [...systemInstructions(attrs["gen_ai.system_instructions"]), ...structuredMessages(attrs["gen_ai.input.messages"])],
    output: structuredMessages(attrs["gen_ai.output.messages"], "assistant"),
  };
}
