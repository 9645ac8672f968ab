// Chat messages as the conventions carry them (GenAI structured messages with parts, OpenLLMetry and
// OpenInference flattened messages, plain strings) and how they become the log's prompt and response
// text that detection scans.
import type { AttrValue } from "./attributes";

export type ChatMessage = { role: string; text: string };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** A JSON-string attribute parsed; anything that is not JSON stays the string it is. */
export function parseJsonish(value: AttrValue | undefined): unknown {
  if (typeof value !== "string") return value;
  const t = value.trim();
  if (!(t.startsWith("{") || t.startsWith("["))) return value;
  try {
    return JSON.parse(t);
  } catch {
    return value;
  }
}

const compact = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));

/**
 * One GenAI message part as text: text and reasoning as they are; tool calls as `name(arguments)` and
 * tool results as their content, because a secret or an injection can hide in either. Media parts
 * (blob, file, uri) carry no text to scan and are left out.
 */
function partText(part: unknown): string {
  if (typeof part === "string") return part;
  if (!isObject(part)) return "";
  switch (part.type) {
    case "tool_call":
      return `${String(part.name ?? "tool")}(${part.arguments === undefined ? "" : compact(part.arguments)})`;
    case "tool_call_response":
      return part.response === undefined ? "" : compact(part.response);
    case "blob":
    case "file":
    case "uri":
      return "";
    default:
      return typeof part.content === "string" ? part.content : typeof part.text === "string" ? part.text : "";
  }
}

/** The text of a message's content in any of the shapes seen: string, parts array, or {text}. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map(partText).filter(Boolean).join("\n");
  if (isObject(content)) return partText(content);
  return "";
}

/**
 * Messages from a GenAI `gen_ai.input.messages` / `gen_ai.output.messages` value (JSON string or an
 * array attribute) or the older `[{role, content}]` form; a plain string is one user message.
 */
export function structuredMessages(value: AttrValue | undefined, defaultRole = "user"): ChatMessage[] {
  const parsed = parseJsonish(value);
  if (typeof parsed === "string") return parsed ? [{ role: defaultRole, text: parsed }] : [];
  const list = Array.isArray(parsed) ? parsed : isObject(parsed) ? [parsed] : [];
  return list.flatMap((m): ChatMessage[] => {
    if (typeof m === "string") return m ? [{ role: defaultRole, text: m }] : [];
    if (!isObject(m)) return [];
    const role = typeof m.role === "string" && m.role ? m.role : defaultRole;
    const text = contentText(m.parts ?? m.content ?? m.message ?? m.text);
    return text ? [{ role, text }] : [];
  });
}

/** `gen_ai.system_instructions`: a JSON array of parts (or a plain string) as one system message. */
export function systemInstructions(value: AttrValue | undefined): ChatMessage[] {
  const text = contentText(parseJsonish(value));
  return text ? [{ role: "system", text }] : [];
}

/**
 * The text a log stores: a lone message as it was written; several as `role: text` blocks, so the
 * details dialog shows who said what and a finding's offsets still point into plain text.
 */
export function renderMessages(messages: ChatMessage[]): string {
  if (messages.length === 1) return messages[0].text;
  return messages.map((m) => `${m.role}: ${m.text}`).join("\n\n");
}
