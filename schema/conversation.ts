// A log's conversation as its turns (docs/api.md#conversations): what the sender's chat messages were
// before they were flattened into the prompt the detector scans. One shape for every way a log
// arrives (the API's `messages`, the gateway, OTLP, the SDK wrappers), checked by one schema, so the
// stored turns are always bounded and the details dialog reads them the same way whatever the source.
import * as v from "valibot";
import { MAX_TEXT_CHARS } from "./constants/ingestion";

export const CONVERSATION_ROLES = ["system", "user", "assistant", "tool"] as const;
export type ConversationRole = (typeof CONVERSATION_ROLES)[number];

/**
 * The roles providers and conventions write, as the four a conversation has: `developer` instructs
 * like `system`, `function` and `tool_call_response` answer like `tool`, Gemini's `model` is the
 * assistant. Anything else is a person talking (`user`).
 */
const ROLE_OF: Record<string, ConversationRole> = {
  system: "system",
  developer: "system",
  user: "user",
  human: "user",
  assistant: "assistant",
  model: "assistant",
  ai: "assistant",
  tool: "tool",
  function: "tool",
  ipython: "tool",
};
export const conversationRole = (role: string): ConversationRole => ROLE_OF[role.toLowerCase()] ?? "user";

/**
 * How large a conversation may be. The text of all its strings together is bounded like the
 * prompt it flattens to (MAX_TEXT_CHARS), so storing the turns beside the prompt costs at most as
 * much again; counts keep a many-tiny-items body from costing more to check and render than its text.
 */
export const CONVERSATION_LIMITS = {
  messages: 500,
  partsPerMessage: 100,
  toolCallsPerMessage: 64,
  /** Tool names, call ids and media names. */
  nameChars: 200,
  chars: MAX_TEXT_CHARS,
} as const;

/** A piece of a turn: text, or media the log does not keep (only its kind is named). */
export type ConversationPart = { type: "text"; text: string } | { type: "media"; kind: string };
/** A tool (or function) the assistant asked to run; `arguments` as the model wrote them (usually JSON). */
export type ToolCall = { id?: string; name: string; arguments: string };
export type ConversationMessage = {
  role: ConversationRole;
  /** Text, or parts; null for an assistant turn that only calls tools. */
  content: string | ConversationPart[] | null;
  /** The speaker's name, when the sender gave one. */
  name?: string;
  toolCalls?: ToolCall[];
  /** On a tool turn: the id of the call it answers. */
  toolCallId?: string;
};
export type Conversation = ConversationMessage[];

export const CONVERSATION_MESSAGES = {
  list: "messages must be an array of messages",
  count: `messages must hold at most ${CONVERSATION_LIMITS.messages} messages`,
  role: `Each message's role must be one of ${CONVERSATION_ROLES.join(", ")}`,
  content: "content must be a string, an array of content parts or null",
  part: 'Each content part must be {"type":"text","text":…} or {"type":"media","kind":…}',
  parts: `A message may hold at most ${CONVERSATION_LIMITS.partsPerMessage} content parts`,
  toolCall: "Each tool call needs a name and its arguments as a string",
  toolCalls: `A message may hold at most ${CONVERSATION_LIMITS.toolCallsPerMessage} tool calls`,
  name: `Names and ids must be at most ${CONVERSATION_LIMITS.nameChars} characters`,
  chars: `The text of messages must be at most ${CONVERSATION_LIMITS.chars.toLocaleString("en-US")} characters in all`,
} as const;

const M = CONVERSATION_MESSAGES;
const shortText = v.pipe(v.string(M.name), v.maxLength(CONVERSATION_LIMITS.nameChars, M.name));
// Each text is bounded by the total; the total is checked once over the whole conversation.
const longText = (message: string) => v.pipe(v.string(message), v.maxLength(CONVERSATION_LIMITS.chars, M.chars));

const partSchema = v.variant(
  "type",
  [v.object({ type: v.literal("text"), text: longText(M.part) }), v.object({ type: v.literal("media"), kind: shortText })],
  M.part,
);

const toolCallSchema = v.object(
  {
    id: v.optional(shortText),
    name: v.pipe(v.string(M.toolCall), v.nonEmpty(M.toolCall), v.maxLength(CONVERSATION_LIMITS.nameChars, M.name)),
    arguments: longText(M.toolCall),
  },
  M.toolCall,
);

const messageSchema = v.object({
  role: v.picklist(CONVERSATION_ROLES, M.role),
  content: v.nullable(
    v.union(
      [longText(M.content), v.pipe(v.array(partSchema, M.content), v.maxLength(CONVERSATION_LIMITS.partsPerMessage, M.parts))],
      M.content,
    ),
  ),
  name: v.optional(shortText),
  toolCalls: v.optional(v.pipe(v.array(toolCallSchema, M.toolCall), v.maxLength(CONVERSATION_LIMITS.toolCallsPerMessage, M.toolCalls))),
  toolCallId: v.optional(shortText),
});

/** Every string of a conversation a person or a model wrote (not roles or part types), in order. */
export function conversationStrings(conversation: Conversation): string[] {
  const out: string[] = [];
  for (const m of conversation) {
    if (m.name) out.push(m.name);
    if (typeof m.content === "string") out.push(m.content);
    else if (m.content) for (const p of m.content) out.push(p.type === "text" ? p.text : p.kind);
    for (const call of m.toolCalls ?? []) {
      if (call.id) out.push(call.id);
      out.push(call.name, call.arguments);
    }
    if (m.toolCallId) out.push(m.toolCallId);
  }
  return out;
}

/** The conversation with every string of `conversationStrings` replaced by `map`'s answer (redaction). */
export async function mapConversationStrings(conversation: Conversation, map: (text: string) => Promise<string>): Promise<Conversation> {
  const opt = async (s: string | undefined) => (s === undefined ? undefined : map(s));
  const out: Conversation = [];
  for (const m of conversation) {
    const content =
      typeof m.content === "string"
        ? await map(m.content)
        : m.content
          ? await Promise.all(
              m.content.map(
                async (p): Promise<ConversationPart> =>
                  p.type === "text" ? { type: "text", text: await map(p.text) } : { type: "media", kind: await map(p.kind) },
              ),
            )
          : null;
    const turn: ConversationMessage = { role: m.role, content };
    if (m.name !== undefined) turn.name = await map(m.name);
    if (m.toolCalls)
      turn.toolCalls = await Promise.all(
        m.toolCalls.map(async (c) => {
          const call: ToolCall = { name: await map(c.name), arguments: await map(c.arguments) };
          if (c.id !== undefined) call.id = await opt(c.id);
          return call;
        }),
      );
    if (m.toolCallId !== undefined) turn.toolCallId = await map(m.toolCallId);
    out.push(turn);
  }
  return out;
}

/** How many characters the conversation's strings hold in all (what CONVERSATION_LIMITS.chars bounds). */
export const conversationChars = (conversation: Conversation) => conversationStrings(conversation).reduce((n, s) => n + s.length, 0);

/** A conversation within CONVERSATION_LIMITS: what POST /api/logs accepts as `messages`. */
export const conversationSchema = v.pipe(
  v.array(messageSchema, M.list),
  v.maxLength(CONVERSATION_LIMITS.messages, M.count),
  v.check((c) => conversationChars(c as Conversation) <= CONVERSATION_LIMITS.chars, M.chars),
  v.description(
    `The conversation the prompt flattens, as turns: at most ${CONVERSATION_LIMITS.messages} messages of role ${CONVERSATION_ROLES.join(", ")}, ` +
      `content as text or parts ({type:"text",text} or {type:"media",kind}), tool calls {id?,name,arguments} and tool results ` +
      `(role tool with toolCallId); ${CONVERSATION_LIMITS.chars.toLocaleString("en-US")} characters of text in all.`,
  ),
);

/** A conversation that passes `conversationSchema`, or null: converters keep turns only when they fit. */
export function boundedConversation(conversation: Conversation): Conversation | null {
  if (conversation.length === 0) return null;
  return v.safeParse(conversationSchema, conversation).success ? conversation : null;
}
