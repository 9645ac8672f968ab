// What the gateway reads of an Anthropic Messages request: `system` (a string or text blocks) and each
// message's content (a string or content blocks: text, images and documents by name, tool use as
// `[tool call] name(input)`, tool results as `[tool result] …`) as role/text turns. Pure: the route
// feeds it through renderRequest, which judges every other string of the body too.
import { type Block, type Consumed, type Conversation, consume, isObj, type Obj, str } from "../request-text";

/** Content blocks whose content the log shows (media and opaque reasoning by name). */
export const ANTHROPIC_BLOCK_TYPES = ["text", "image", "document", "tool_use", "tool_result", "thinking", "redacted_thinking"] as const;
const KNOWN = new Set<string>(ANTHROPIC_BLOCK_TYPES);

function blockText(b: unknown, at: string, consumed: Consumed, unknown: string[]): string {
  const type = isObj(b) ? str(b.type) : "";
  if (!isObj(b) || !KNOWN.has(type)) {
    // named here; its strings are judged with the rest of the body
    unknown.push(`${at} (${type || typeof b})`);
    return `[${type || typeof b}]`;
  }
  consume(consumed, b, "type");
  switch (type) {
    case "text":
      consume(consumed, b, "text");
      return str(b.text);
    case "tool_use":
      consume(consumed, b, "name", "input");
      return `[tool call] ${str(b.name)}(${JSON.stringify(b.input ?? {})})`;
    case "tool_result": {
      if (typeof b.content === "string") consume(consumed, b, "content");
      return `[tool result] ${contentText(b.content, `${at}.content`, consumed, unknown)}`;
    }
    case "thinking":
      // the signature is the provider's own opaque token, not text anyone wrote
      consume(consumed, b, "thinking", "signature");
      return `[thinking] ${str(b.thinking)}`;
    case "redacted_thinking":
      consume(consumed, b, "data");
      return "[redacted_thinking]";
    default:
      return `[${type}]`;
  }
}

function contentText(content: unknown, at: string, consumed: Consumed, unknown: string[]): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((b, j) => blockText(b, `${at}[${j}]`, consumed, unknown))
    .filter(Boolean)
    .join("\n");
}

/** `system` then the messages, as role/text turns. */
export const anthropicConversation: Conversation = (body: Obj, consumed, unknown) => {
  const blocks: Block[] = [];
  if (body.system !== undefined && body.system !== null) {
    // a string is rendered whole; blocks are consumed field by field, so the walk reads what is not shown
    if (typeof body.system === "string") consume(consumed, body, "system");
    blocks.push({ role: "system", text: contentText(body.system, "system", consumed, unknown) });
  }
  const messages = Array.isArray(body.messages) ? body.messages : [];
  messages.forEach((m, i) => {
    if (!isObj(m)) {
      blocks.push({ role: "", text: "" });
      return;
    }
    consume(consumed, m, "role");
    if (typeof m.content === "string") consume(consumed, m, "content");
    blocks.push({ role: str(m.role), text: contentText(m.content, `messages[${i}].content`, consumed, unknown) });
  });
  return blocks;
};
