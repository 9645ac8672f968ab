// What the gateway reads of a Gemini generateContent request: `systemInstruction` as a system turn,
// then each of `contents` with its `parts` (text; inline data decoded when it is text, else named by
// type and size; function calls as `[tool call] name(args)`, function responses as
// `[tool result] name: response`; code and its results). Pure: the route feeds it through
// renderRequest, which judges every other string of the body too.
import { type Block, type Consumed, type Conversation, consume, dataUrlText, isObj, type Obj, str } from "../request-text";

/** The part fields the conversation reads: a part holds one of them. */
export const GEMINI_PART_KINDS = [
  "text",
  "inlineData",
  "fileData",
  "functionCall",
  "functionResponse",
  "executableCode",
  "codeExecutionResult",
];

function partText(part: unknown, at: string, consumed: Consumed, unknown: string[]): string {
  const kind = isObj(part) ? GEMINI_PART_KINDS.find((k) => part[k] !== undefined) : undefined;
  if (!isObj(part) || !kind) {
    unknown.push(`${at} (${isObj(part) ? Object.keys(part).join(", ") || "empty" : typeof part})`);
    return isObj(part) ? "" : `[${typeof part}]`;
  }
  // the thought signature is the provider's own opaque token, not text anyone wrote
  consume(consumed, part, "thoughtSignature");
  const value = part[kind];
  switch (kind) {
    case "text":
      consume(consumed, part, "text");
      return part.thought === true ? `[thought] ${str(value)}` : str(value);
    case "inlineData": {
      if (!isObj(value) || typeof value.data !== "string") return "[inlineData]";
      // base64 bytes: read as text when they are text, named by their size otherwise (as a data: URL is)
      consume(consumed, value, "data");
      return `[inlineData ${str(value.mimeType)}] ${dataUrlText(`data:${str(value.mimeType)};base64,${value.data}`)}`;
    }
    case "functionCall":
      if (!isObj(value)) return "[functionCall]";
      consume(consumed, value, "name", "args");
      return `[tool call] ${str(value.name)}(${JSON.stringify(value.args ?? {})})`;
    case "functionResponse":
      if (!isObj(value)) return "[functionResponse]";
      consume(consumed, value, "name", "response");
      return `[tool result] ${str(value.name)}: ${JSON.stringify(value.response ?? {})}`;
    case "executableCode":
      if (!isObj(value)) return "[executableCode]";
      consume(consumed, value, "code");
      return `[code] ${str(value.code)}`;
    case "codeExecutionResult":
      if (!isObj(value)) return "[codeExecutionResult]";
      consume(consumed, value, "output");
      return `[code result] ${str(value.output)}`;
    default:
      return `[${kind}]`;
  }
}

function contentText(content: Obj, at: string, consumed: Consumed, unknown: string[]): string {
  const parts = Array.isArray(content.parts) ? content.parts : [];
  return parts
    .map((p, j) => partText(p, `${at}.parts[${j}]`, consumed, unknown))
    .filter(Boolean)
    .join("\n");
}

/** `systemInstruction`, then the contents (a content without a role is the user's). */
export const geminiConversation: Conversation = (body: Obj, consumed, unknown) => {
  const blocks: Block[] = [];
  if (isObj(body.systemInstruction)) {
    consume(consumed, body.systemInstruction, "role");
    blocks.push({ role: "system", text: contentText(body.systemInstruction, "systemInstruction", consumed, unknown) });
  }
  const contents = Array.isArray(body.contents) ? body.contents : [];
  contents.forEach((c, i) => {
    if (!isObj(c)) {
      blocks.push({ role: "", text: "" });
      return;
    }
    consume(consumed, c, "role");
    blocks.push({ role: str(c.role) || "user", text: contentText(c, `contents[${i}]`, consumed, unknown) });
  });
  return blocks;
};
