// What the gateway reads of an OpenAI Responses request: `instructions` as a system turn, then `input`
// (a string is one user turn; a list holds messages with text parts, function calls as
// `[tool call] name(arguments)`, their outputs as tool turns, and reasoning summaries). Pure: the route
// feeds it through renderRequest, which judges every other string of the body too.
import { type Block, type Consumed, type Conversation, consume, isObj, type Obj, str } from "../request-text";

/** Message content parts read as text, by the field holding it. */
const TEXT_PARTS: Record<string, string> = { input_text: "text", output_text: "text", refusal: "refusal", summary_text: "text" };
const MEDIA_PARTS = ["input_image", "input_file", "input_audio"];
/** Input items the conversation reads (a message may also come without a type). */
const ITEM_TYPES = [
  "message",
  "function_call",
  "function_call_output",
  "custom_tool_call",
  "custom_tool_call_output",
  "reasoning",
  "item_reference",
];
export const RESPONSES_KNOWN_PARTS = [...ITEM_TYPES, ...Object.keys(TEXT_PARTS), ...MEDIA_PARTS];

function partsText(content: unknown, at: string, consumed: Consumed, unknown: string[]): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part, j) => {
      const type = isObj(part) ? str(part.type) : "";
      if (!isObj(part) || !(type in TEXT_PARTS || MEDIA_PARTS.includes(type))) {
        unknown.push(`${at}[${j}] (${type || typeof part})`);
        return `[${type || typeof part}]`;
      }
      consume(consumed, part, "type");
      const field = TEXT_PARTS[type];
      if (field && typeof part[field] === "string") {
        consume(consumed, part, field);
        return part[field] as string;
      }
      return `[${type}]`;
    })
    .filter(Boolean)
    .join("\n");
}

function itemBlock(item: unknown, at: string, consumed: Consumed, unknown: string[]): Block | null {
  if (!isObj(item)) {
    unknown.push(`${at} (${typeof item})`);
    return { role: "", text: "" };
  }
  const type = item.type === undefined && typeof item.role === "string" ? "message" : str(item.type);
  if (!ITEM_TYPES.includes(type)) {
    unknown.push(`${at} (${type || "no type"})`);
    return { role: "", text: `[${type}]` };
  }
  consume(consumed, item, "type");
  switch (type) {
    case "message":
      consume(consumed, item, "role");
      if (typeof item.content === "string") consume(consumed, item, "content");
      return { role: str(item.role), text: partsText(item.content, `${at}.content`, consumed, unknown) };
    case "function_call":
    case "custom_tool_call": {
      const args = type === "function_call" ? "arguments" : "input";
      consume(consumed, item, "name", args);
      return { role: "assistant", text: `[tool call] ${str(item.name)}(${str(item[args])})` };
    }
    case "function_call_output":
    case "custom_tool_call_output":
      if (typeof item.output === "string") consume(consumed, item, "output");
      return { role: "tool", text: partsText(item.output, `${at}.output`, consumed, unknown) };
    case "reasoning":
      // the encrypted reasoning is the provider's own opaque token, not text anyone wrote
      consume(consumed, item, "encrypted_content");
      return { role: "assistant", text: `[reasoning] ${partsText(item.summary, `${at}.summary`, consumed, unknown)}`.trim() };
    default:
      return null; // an item_reference names an earlier item by id: nothing to show
  }
}

/** `instructions`, then the input's turns. */
export const responsesConversation: Conversation = (body: Obj, consumed, unknown) => {
  const blocks: Block[] = [];
  if (typeof body.instructions === "string") {
    consume(consumed, body, "instructions");
    blocks.push({ role: "system", text: body.instructions });
  }
  if (typeof body.input === "string") {
    consume(consumed, body, "input");
    blocks.push({ role: "user", text: body.input });
  } else if (Array.isArray(body.input)) {
    body.input.forEach((item, i) => {
      const block = itemBlock(item, `input[${i}]`, consumed, unknown);
      if (block) blocks.push(block);
    });
  }
  return blocks;
};
