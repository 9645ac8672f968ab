// What the guardrail reads of a chat completion request: every string the gateway forwards, not a
// list of known fields. The conversation (message text, text-bearing content parts, tool and
// function calls) is rendered readably, as the log's prompt; every other string anywhere in the
// body (tool descriptions, `prediction`, file names and text files, `response_format` schemas,
// metadata, keys that are not plain names, ...) follows as `name: value` lines, so an injection
// or a credential cannot ride along in a field the gateway does not know. Pure functions: the route
// feeds them, tests call them directly.
import { MAX_BODY_BYTES, MAX_TEXT_CHARS } from "@promptsentry/schema/constants/ingestion";

/** Content parts whose content the guardrail reads: text ones as text, the others as their text fields. */
export const TEXT_PART_FIELD: Record<string, string> = { text: "text", input_text: "text", refusal: "refusal" };
/** Parts it knows but cannot read as text (pixels, sound, a file's bytes); their string fields are still judged. */
const MEDIA_PARTS = new Set(["image_url", "input_audio", "file"]);
export const KNOWN_PART_TYPES = [...Object.keys(TEXT_PART_FIELD), ...MEDIA_PARTS];

/**
 * The most the judged text may hold. The body is at most MAX_BODY_BYTES; each string adds the name of
 * its field, so a body of many tiny strings could render much larger: beyond this the request is
 * refused rather than judged in part.
 */
export const MAX_JUDGED_CHARS = 2 * MAX_BODY_BYTES;

/** A key that is a field name rather than text: part of the `name:` prefix, not judged on its own. */
const PLAIN_NAME = /^[\w.$:-]{1,64}$/;

export interface RequestText {
  /** The conversation as the log stores it, cut at MAX_TEXT_CHARS. */
  prompt: string;
  /** Everything the guardrail judges: the whole conversation, then every other string forwarded. */
  judged: string;
  /** Content parts the guardrail does not know, as `messages[i].content[j] (type)`. */
  unknownParts: string[];
  /** The judged text would pass MAX_JUDGED_CHARS (and was not rendered beyond it). */
  tooLong: boolean;
}

export type Obj = Record<string, unknown>;
export const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);
export const str = (x: unknown) => (typeof x === "string" ? x : "");
const clip = (s: string) => (s.length > MAX_TEXT_CHARS ? s.slice(0, MAX_TEXT_CHARS) : s);

/** Fields rendered in the conversation, so the walk over the rest does not repeat them. */
export type Consumed = WeakMap<object, Set<string>>;
export const consume = (consumed: Consumed, obj: Obj, ...keys: string[]) => {
  const set = consumed.get(obj) ?? new Set<string>();
  for (const k of keys) set.add(k);
  consumed.set(obj, set);
};

/** One turn of a conversation as the log shows it. */
export type Block = { role: string; text: string };
/**
 * A wire's conversation: its turns as role/text blocks, the fields rendered consumed (so the walk
 * over the rest of the body does not repeat them), parts the guardrail does not know pushed onto
 * `unknown` as `path (type)`.
 */
export type Conversation = (body: Obj, consumed: Consumed, unknown: string[]) => Block[];

/** `[tool call] name(arguments)`, the form the log shows calls in (answers use the same). */
function callText(kind: string, fn: unknown, consumed: Consumed): string {
  if (!isObj(fn)) return "";
  consume(consumed, fn, "name", "arguments");
  return `[${kind}] ${str(fn.name)}(${str(fn.arguments)})`;
}

function messageText(m: Obj, at: string, consumed: Consumed, unknown: string[]): string {
  const out: string[] = [];
  consume(consumed, m, "role");
  const content = m.content;
  if (typeof content === "string") {
    consume(consumed, m, "content");
    out.push(content);
  } else if (Array.isArray(content)) {
    // parts are consumed field by field: the walk reads what the conversation does not show
    content.forEach((part, j) => {
      const type = isObj(part) ? str(part.type) : "";
      if (!isObj(part) || !KNOWN_PART_TYPES.includes(type)) {
        // named here; its strings are judged with the rest of the body
        unknown.push(`${at}.content[${j}] (${type || typeof part})`);
        out.push(`[${type || typeof part}]`);
        return;
      }
      consume(consumed, part, "type");
      const field = TEXT_PART_FIELD[type];
      if (field && typeof part[field] === "string") {
        consume(consumed, part, field);
        out.push(part[field] as string);
      } else out.push(`[${type}]`);
    });
  }
  if (typeof m.refusal === "string") {
    consume(consumed, m, "refusal");
    out.push(m.refusal);
  }
  if (Array.isArray(m.tool_calls)) for (const t of m.tool_calls) if (isObj(t)) out.push(callText("tool call", t.function, consumed));
  if (m.function_call !== undefined) out.push(callText("function call", m.function_call, consumed));
  return out.filter(Boolean).join("\n");
}

/** C0 controls other than tab and line breaks: NUL and friends do not occur in text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const BINARY_CONTROL = /[\x00-\x08\x0e-\x1f]/;

/**
 * A `data:` URL's content when it is text (a text file sent as a `file` part, say); binary content
 * (an image, a PDF) the guardrail cannot read is named by its size.
 */
export function dataUrlText(url: string): string {
  const comma = url.indexOf(",");
  const payload = url.slice(comma + 1);
  let bytes: Uint8Array;
  try {
    if (!url.slice(5, comma).endsWith(";base64")) return decodeURIComponent(payload);
    bytes = Uint8Array.from(atob(payload.replace(/\s+/g, "")), (ch) => ch.charCodeAt(0));
  } catch {
    return url; // not what it says it is: judged as sent
  }
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    // control characters mark binary content that happens to be valid UTF-8
    if (!BINARY_CONTROL.test(text)) return text;
  } catch {
    // not UTF-8: binary
  }
  return `[binary data, ${bytes.length} bytes]`;
}

/**
 * The guardrail's reading of a request body, as parsed from the JSON the gateway forwards. Without
 * `judge` (blocking off) only the conversation is rendered: `judged` is the conversation then.
 */
export function requestText(body: Obj, judge = true): RequestText {
  return renderRequest(body, chatConversation, judge);
}

/** The turns of a chat completion request: its messages (a non-object message is an empty turn). */
export const chatConversation: Conversation = (body, consumed, unknown) => {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  return messages.map((m, i) =>
    isObj(m) ? { role: str(m.role), text: messageText(m, `messages[${i}]`, consumed, unknown) } : { role: "", text: "" },
  );
};

/** The conversation as the log's prompt: a lone user turn as it is, else `role: text` turns. */
export function flatten(blocks: Block[]): string {
  const first = blocks[0];
  return blocks.length === 1 && first?.role === "user"
    ? first.text
    : blocks.map((b) => (b.role || b.text ? `${b.role}: ${b.text}` : "")).join("\n\n");
}

/**
 * The guardrail's reading of any wire's request body: its conversation (the wire's), then every other
 * string in the body with its field name. Without `judge` only the conversation is rendered.
 */
export function renderRequest(body: Obj, conversationOf: Conversation, judge = true): RequestText {
  const consumed: Consumed = new WeakMap();
  const unknownParts: string[] = [];
  // the model is the log's `model` field, an id the provider resolves, never text the model reads
  consume(consumed, body, "model");
  const conversation = flatten(conversationOf(body, consumed, unknownParts));

  // every other string, depth first, with the name of the field it is in
  const lines: string[] = [];
  let size = conversation.length;
  let tooLong = size > MAX_JUDGED_CHARS;
  const stack: Array<[unknown, string]> = judge ? [[body, ""]] : [];
  while (stack.length && !tooLong) {
    const [value, name] = stack.pop()!;
    if (typeof value === "string") {
      if (!value) continue;
      const text = value.startsWith("data:") && value.includes(",") ? dataUrlText(value) : value;
      lines.push(`${name}: ${text}`);
      size += name.length + text.length + 3;
      tooLong = size > MAX_JUDGED_CHARS;
    } else if (Array.isArray(value)) {
      for (let k = value.length - 1; k >= 0; k--) stack.push([value[k], name]);
    } else if (isObj(value)) {
      const skip = consumed.get(value);
      const entries = Object.entries(value).filter(([k]) => !skip?.has(k));
      for (let k = entries.length - 1; k >= 0; k--) {
        const [key, v] = entries[k]!;
        if (PLAIN_NAME.test(key)) stack.push([v, key]);
        else stack.push([v, "field"], [key, "field name"]);
      }
    }
  }
  const judged = lines.length ? `${conversation}\n\n${lines.join("\n")}` : conversation;
  return { prompt: clip(conversation), judged, unknownParts, tooLong };
}
