// Chat messages as the conventions carry them (GenAI structured messages with parts, OpenLLMetry and
// OpenInference flattened messages, plain strings) and how they become the log's prompt and response
// text that detection scans.
import {
  boundedConversation,
  type Conversation,
  type ConversationMessage,
  type ConversationPart,
  CONVERSATION_LIMITS,
  conversationRole,
  type ToolCall,
} from "@promptsentry/schema/conversation";
import type { AttrValue } from "./attributes";

/**
 * A message as the prompt renders it (`role: text`), and, when the convention carried it as a
 * structure, as the turn the log keeps (tool calls and results apart from the text).
 */
export type ChatMessage = { role: string; text: string; turn?: ConversationMessage };

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

const short = (s: string) => s.slice(0, CONVERSATION_LIMITS.nameChars);

/** A tool call in the shapes seen: GenAI `{type: "tool_call", id, name, arguments}`, OpenAI `{id, function: {name, arguments}}`. */
function toolCallOf(value: unknown): ToolCall | null {
  if (!isObject(value)) return null;
  const fn = isObject(value.function) ? value.function : value;
  const call: ToolCall = { name: short(String(fn.name ?? "tool")) || "tool", arguments: fn.arguments == null ? "" : compact(fn.arguments) };
  if (typeof value.id === "string" && value.id) call.id = short(value.id);
  return call;
}

/**
 * Tool calls in OpenAI's shape (`tool_calls: [{id, type, function: {name, arguments}}]`, as the
 * OpenAI instrumentations log an assistant message or choice) as `name(arguments)` lines, so
 * detection scans the arguments too.
 */
export function toolCallsText(value: unknown): string[] {
  const calls = parseJsonish((value ?? null) as AttrValue);
  if (!Array.isArray(calls)) return [];
  return calls.flatMap((c) => {
    const call = toolCallOf(c);
    return call ? [`${call.name}(${call.arguments})`] : [];
  });
}

/**
 * One message object as a turn: GenAI parts (text, tool calls, a tool call's response, media) or
 * OpenAI's `{content, tool_calls, tool_call_id}` as the instrumentations log them.
 */
export function turnOf(m: Record<string, unknown>, role: string): ConversationMessage {
  const turn: ConversationMessage = { role: conversationRole(role), content: null };
  const parts: ConversationPart[] = [];
  const calls: ToolCall[] = [];
  const content = parseJsonish((m.parts ?? m.content ?? m.message ?? m.text ?? null) as AttrValue);
  for (const part of Array.isArray(content) ? content : [content]) {
    if (typeof part === "string") {
      if (part) parts.push({ type: "text", text: part });
    } else if (!isObject(part)) continue;
    else if (part.type === "tool_call") {
      const call = toolCallOf(part);
      if (call) calls.push(call);
    } else if (part.type === "tool_call_response") {
      turn.role = "tool";
      if (typeof part.id === "string" && part.id) turn.toolCallId = short(part.id);
      if (part.response !== undefined) parts.push({ type: "text", text: compact(part.response) });
    } else if (part.type === "blob" || part.type === "file" || part.type === "uri")
      parts.push({ type: "media", kind: short(String(part.modality ?? part.type)) });
    else {
      const text = partText(part);
      if (text) parts.push({ type: "text", text });
    }
  }
  const openAiCalls = parseJsonish((m.tool_calls ?? null) as AttrValue);
  if (Array.isArray(openAiCalls)) calls.push(...openAiCalls.map(toolCallOf).filter((c): c is ToolCall => c !== null));
  if (parts.length === 1 && parts[0].type === "text") turn.content = parts[0].text;
  else if (parts.length) turn.content = parts;
  if (calls.length) turn.toolCalls = calls;
  const callId = m.tool_call_id ?? (turn.role === "tool" ? m.id : undefined);
  if (typeof callId === "string" && callId) turn.toolCallId = short(callId);
  return turn;
}

/**
 * The turns a log keeps of a call's input messages: each message's own turn when the convention
 * carried its structure, else its text; null when there are none or they pass CONVERSATION_LIMITS.
 */
export function conversationOf(messages: ChatMessage[]): Conversation | null {
  return boundedConversation(messages.map((m) => m.turn ?? { role: conversationRole(m.role), content: m.text }));
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
    // OpenAI-shaped tool calls after the text, as the message events render them (conventions/openllmetry.ts)
    const text = [contentText(m.parts ?? m.content ?? m.message ?? m.text), ...toolCallsText(m.tool_calls)].filter(Boolean).join("\n");
    return text ? [{ role, text, turn: turnOf(m, role) }] : [];
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
