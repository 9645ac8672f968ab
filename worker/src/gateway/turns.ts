// A chat completion request's messages as the log's turns (schema/conversation.ts), kept beside the
// flattened prompt the guardrail and the detector read (request-text.ts), for the details dialog.
// Pure: the route feeds it the parsed body, tests call it directly.
import {
  type Conversation,
  type ConversationMessage,
  type ConversationPart,
  boundedConversation,
  CONVERSATION_LIMITS,
  conversationRole,
} from "@promptsentry/schema/conversation";
import { KNOWN_PART_TYPES, TEXT_PART_FIELD } from "./request-text";

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);
const str = (x: unknown) => (typeof x === "string" ? x : "");
const short = (s: string) => s.slice(0, CONVERSATION_LIMITS.nameChars);

/** Pixels, sound and files are named by their kind; their bytes are not kept. */
const MEDIA_KIND: Record<string, string> = { image_url: "image", input_audio: "audio", file: "file" };

function part(p: unknown): ConversationPart {
  const type = isObj(p) ? str(p.type) : "";
  const field = TEXT_PART_FIELD[type];
  if (isObj(p) && field && typeof p[field] === "string") return { type: "text", text: p[field] as string };
  return { type: "media", kind: short(MEDIA_KIND[type] ?? (KNOWN_PART_TYPES.includes(type) ? type : type || "unknown")) };
}

function turn(m: unknown): ConversationMessage | null {
  if (!isObj(m)) return null;
  const role = conversationRole(str(m.role));
  let content: ConversationMessage["content"] =
    typeof m.content === "string" ? m.content : Array.isArray(m.content) ? m.content.map(part) : null;
  if (typeof m.refusal === "string" && m.refusal)
    content = [
      ...(typeof content === "string" ? [{ type: "text" as const, text: content }] : (content ?? [])),
      { type: "text", text: m.refusal },
    ];
  const out: ConversationMessage = { role, content };
  if (typeof m.name === "string" && m.name) out.name = short(m.name);
  const calls = [
    ...(Array.isArray(m.tool_calls) ? m.tool_calls : []).filter(isObj).map((t) => ({ id: str(t.id), fn: t.function })),
    ...(isObj(m.function_call) ? [{ id: "", fn: m.function_call }] : []),
  ];
  if (calls.length)
    out.toolCalls = calls.map(({ id, fn }) => {
      const f = isObj(fn) ? fn : {};
      const call = { name: short(str(f.name)) || "tool", arguments: str(f.arguments) };
      return id ? { id: short(id), ...call } : call;
    });
  if (typeof m.tool_call_id === "string" && m.tool_call_id) out.toolCallId = short(m.tool_call_id);
  return out;
}

/**
 * The request's `messages` as turns, or null when there are none or they pass CONVERSATION_LIMITS:
 * the log then keeps the flattened prompt only, as it would any over-long text.
 */
export function chatTurns(messages: unknown): Conversation | null {
  if (!Array.isArray(messages)) return null;
  return boundedConversation(messages.map(turn).filter((m): m is ConversationMessage => m !== null));
}
