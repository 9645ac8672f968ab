// The older GenAI forms still emitted by OpenLLMetry (Traceloop) and early OTel instrumentations:
// indexed attributes `gen_ai.prompt.N.role/content` and `gen_ai.completion.N.content`, the
// `gen_ai.content.prompt` / `gen_ai.content.completion` span events (JSON in `gen_ai.prompt` /
// `gen_ai.completion`), and the per-message events `gen_ai.system.message`, `gen_ai.user.message`,
// `gen_ai.assistant.message`, `gen_ai.tool.message` and `gen_ai.choice`.
import { indexed, str, type Attrs, type AttrValue } from "../attributes";
import { contentText, parseJsonish, structuredMessages, toolCallsText, turnOf, type ChatMessage } from "../messages";
import { genAiCommon } from "./gen-ai";
import type { ModelCall, SpanView } from "./types";

function indexedMessages(attrs: Attrs, prefix: string, defaultRole: string): ChatMessage[] {
  return indexed(attrs, prefix).flatMap((m) => {
    const text = contentText(parseJsonish(m.content ?? m.text ?? null));
    const role = typeof m.role === "string" && m.role ? m.role : defaultRole;
    return text ? [{ role, text }] : [];
  });
}

const MESSAGE_EVENTS: Record<string, string> = {
  "gen_ai.system.message": "system",
  "gen_ai.user.message": "user",
  "gen_ai.assistant.message": "assistant",
  "gen_ai.tool.message": "tool",
};

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * An event's message text: `content` as text or parts, or a `message` object ({role, content,
 * tool_calls}, a choice's), with the tool calls after the text.
 */
function eventText(attrs: Attrs): string {
  const message = parseJsonish(attrs.message ?? null);
  const source: Record<string, unknown> = isObject(message) ? message : attrs;
  const content = isObject(message)
    ? contentText(parseJsonish((message.content ?? null) as AttrValue))
    : contentText(parseJsonish(attrs.content ?? attrs["message.content"] ?? attrs["gen_ai.event.content"] ?? null));
  return [content, ...toolCallsText(source.tool_calls)].filter(Boolean).join("\n");
}

function eventMessages(span: SpanView): { input: ChatMessage[]; output: ChatMessage[] } {
  const input: ChatMessage[] = [];
  const output: ChatMessage[] = [];
  for (const event of span.events) {
    if (event.name === "gen_ai.content.prompt") input.push(...structuredMessages(event.attrs["gen_ai.prompt"]));
    else if (event.name === "gen_ai.content.completion") output.push(...structuredMessages(event.attrs["gen_ai.completion"], "assistant"));
    else if (event.name in MESSAGE_EVENTS) {
      const text = eventText(event.attrs);
      const role = str(event.attrs, "role") ?? MESSAGE_EVENTS[event.name];
      const message = parseJsonish(event.attrs.message ?? null);
      if (text) input.push({ role, text, turn: turnOf(isObject(message) ? message : event.attrs, role) });
    } else if (event.name === "gen_ai.choice") {
      const text = eventText(event.attrs);
      if (text) output.push({ role: "assistant", text });
    }
  }
  return { input, output };
}

export function readOpenLlmetry(span: SpanView): ModelCall {
  const fromEvents = eventMessages(span);
  const input = indexedMessages(span.attrs, "gen_ai.prompt", "user");
  const output = indexedMessages(span.attrs, "gen_ai.completion", "assistant");
  return {
    convention: "openllmetry",
    ...genAiCommon(span.attrs),
    // OpenLLMetry names the request kind here instead of gen_ai.operation.name.
    operation: str(span.attrs, "gen_ai.operation.name", "llm.request.type"),
    input: input.length ? input : fromEvents.input,
    output: output.length ? output : fromEvents.output,
  };
}
