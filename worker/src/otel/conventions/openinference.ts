// OpenInference (Arize Phoenix, LlamaIndex, LangChain instrumentors): a model call is a span with
// `openinference.span.kind` = LLM; messages are `llm.input_messages.N.message.role/content` (or
// `.message.contents.M.message_content.text`), falling back to `input.value` / `output.value`.
import { count, indexed, str, type Attrs } from "../attributes";
import { parseJsonish, structuredMessages, type ChatMessage } from "../messages";
import type { ModelCall, SpanView } from "./types";

export const isOpenInferenceLlm = (attrs: Attrs) => str(attrs, "openinference.span.kind")?.toUpperCase() === "LLM";

function messages(attrs: Attrs, prefix: string, defaultRole: string): ChatMessage[] {
  return indexed(attrs, prefix).flatMap((m) => {
    const role = typeof m["message.role"] === "string" && m["message.role"] ? m["message.role"] : defaultRole;
    let text = typeof m["message.content"] === "string" ? m["message.content"] : "";
    if (!text) {
      const parts = indexed(m, "message.contents")
        .map((p) => p["message_content.text"])
        .filter((t): t is string => typeof t === "string");
      text = parts.join("\n");
    }
    // A tool call the model made is as worth scanning as its text.
    const calls = indexed(m, "message.tool_calls").map(
      (t) => `${String(t["tool_call.function.name"] ?? "tool")}(${String(t["tool_call.function.arguments"] ?? "")})`,
    );
    const all = [text, ...calls].filter(Boolean).join("\n");
    return all ? [{ role, text: all }] : [];
  });
}

/** `input.value` / `output.value`: plain text, or JSON whose messages are read when it has any. */
function valueMessages(value: Attrs[string] | undefined, role: string): ChatMessage[] {
  const parsed = parseJsonish(value ?? null);
  if (parsed && typeof parsed === "object" && !Array.isArray(parsed) && Array.isArray((parsed as { messages?: unknown }).messages)) {
    return structuredMessages((parsed as { messages: never }).messages, role);
  }
  if (typeof value === "string" && value) return [{ role, text: value }];
  return [];
}

export function readOpenInference(span: SpanView): ModelCall {
  const a = span.attrs;
  const input = messages(a, "llm.input_messages", "user");
  const output = messages(a, "llm.output_messages", "assistant");
  return {
    convention: "openinference",
    model: str(a, "llm.model_name"),
    provider: str(a, "llm.provider", "llm.system"),
    input: input.length ? input : valueMessages(a["input.value"], "user"),
    output: output.length ? output : valueMessages(a["output.value"], "assistant"),
    inputTokens: count(a, "llm.token_count.prompt"),
    outputTokens: count(a, "llm.token_count.completion"),
    totalTokens: count(a, "llm.token_count.total"),
  };
}
