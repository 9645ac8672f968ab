// A chat request's messages as the log's turns (`messages` of POST /api/logs: roles, text and media
// parts, tool calls and results), sent beside the flattened prompt the server scans. The shape and
// bounds are the server's (schema/conversation.ts), copied because the SDK ships without the
// monorepo; sdk/typescript/test/conversation.test.ts fails if they ever differ. Turns past the
// bounds are left out, never sent to be refused: the log is stored with its prompt alone.

export type ConversationRole = "system" | "user" | "assistant" | "tool";
export type ConversationPart = { type: "text"; text: string } | { type: "media"; kind: string };
export type ToolCall = { id?: string; name: string; arguments: string };
export type ConversationMessage = {
  role: ConversationRole;
  content: string | ConversationPart[] | null;
  name?: string;
  toolCalls?: ToolCall[];
  toolCallId?: string;
};

export const CONVERSATION_LIMITS = {
  messages: 500,
  partsPerMessage: 100,
  toolCallsPerMessage: 64,
  nameChars: 200,
  chars: 200_000,
} as const;

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);
const str = (x: unknown) => (typeof x === "string" ? x : "");
const short = (s: string) => s.slice(0, CONVERSATION_LIMITS.nameChars);

const ROLE: Record<string, ConversationRole> = {
  system: "system",
  developer: "system",
  user: "user",
  assistant: "assistant",
  tool: "tool",
  function: "tool",
};
const TEXT_FIELD: Record<string, string> = { text: "text", input_text: "text", refusal: "refusal" };
const MEDIA_KIND: Record<string, string> = { image_url: "image", input_audio: "audio", file: "file" };

function part(p: unknown): ConversationPart {
  const type = isObj(p) ? str(p.type) : typeof p === "string" ? "string" : "";
  if (typeof p === "string") return { type: "text", text: p };
  const field = TEXT_FIELD[type];
  if (isObj(p) && field && typeof p[field] === "string") return { type: "text", text: p[field] as string };
  return { type: "media", kind: short(MEDIA_KIND[type] ?? (type || "unknown")) };
}

function turn(m: unknown): ConversationMessage | null {
  if (!isObj(m)) return null;
  let content: ConversationMessage["content"] =
    typeof m.content === "string" ? m.content : Array.isArray(m.content) ? m.content.map(part) : null;
  if (typeof m.refusal === "string" && m.refusal)
    content = [
      ...(typeof content === "string" ? [{ type: "text" as const, text: content }] : (content ?? [])),
      { type: "text", text: m.refusal },
    ];
  const out: ConversationMessage = { role: ROLE[str(m.role)] ?? "user", content };
  if (typeof m.name === "string" && m.name) out.name = short(m.name);
  const calls = [
    ...(Array.isArray(m.tool_calls) ? m.tool_calls : []).filter(isObj).map((t) => ({ id: str(t.id), fn: t.function })),
    ...(isObj(m.function_call) ? [{ id: "", fn: m.function_call }] : []),
  ];
  if (calls.length)
    out.toolCalls = calls.map(({ id, fn }) => {
      const f = isObj(fn) ? fn : {};
      const call: ToolCall = { name: short(str(f.name)) || "tool", arguments: str(f.arguments) };
      return id ? { id: short(id), ...call } : call;
    });
  if (typeof m.tool_call_id === "string" && m.tool_call_id) out.toolCallId = short(m.tool_call_id);
  return out;
}

function chars(turns: ConversationMessage[]): number {
  let n = 0;
  for (const t of turns) {
    n += (t.name?.length ?? 0) + (t.toolCallId?.length ?? 0);
    if (typeof t.content === "string") n += t.content.length;
    else for (const p of t.content ?? []) n += p.type === "text" ? p.text.length : p.kind.length;
    for (const c of t.toolCalls ?? []) n += (c.id?.length ?? 0) + c.name.length + c.arguments.length;
  }
  return n;
}

/** OpenAI chat `messages` as turns, or undefined when there are none or they pass the server's bounds. */
export function openAiTurns(messages: unknown): ConversationMessage[] | undefined {
  if (!Array.isArray(messages)) return undefined;
  const turns = messages.map(turn).filter((t): t is ConversationMessage => t !== null);
  const fits =
    turns.length > 0 &&
    turns.length <= CONVERSATION_LIMITS.messages &&
    turns.every(
      (t) =>
        (!Array.isArray(t.content) || t.content.length <= CONVERSATION_LIMITS.partsPerMessage) &&
        (t.toolCalls?.length ?? 0) <= CONVERSATION_LIMITS.toolCallsPerMessage,
    ) &&
    chars(turns) <= CONVERSATION_LIMITS.chars;
  return fits ? turns : undefined;
}
