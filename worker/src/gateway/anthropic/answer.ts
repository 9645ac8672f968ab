// The answer of an Anthropic Messages call as the log keeps it: text blocks, tool use as
// `[tool call] name(input)`, the model, `stop_reason` and usage (input with cache reads and writes,
// plus output tokens). A stream is assembled from `message_start`, `content_block_start`,
// `content_block_delta` and `message_delta` events. Pure: the answer tap feeds them.
import { type Answer, clip, partialAfter, partialModel, type Usage } from "../chat-log";
import { isObj, type Obj, str } from "../request-text";
import { eventObject, type StreamReader } from "../wire";

type AnthropicUsage = {
  input_tokens?: unknown;
  output_tokens?: unknown;
  cache_creation_input_tokens?: unknown;
  cache_read_input_tokens?: unknown;
};
const num = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x : 0);

/** Anthropic's usage as the log counts it: everything the model read (cache included), and wrote. */
export function anthropicUsage(u: AnthropicUsage | null | undefined): Usage | null {
  if (!isObj(u)) return null;
  const prompt = num(u.input_tokens) + num(u.cache_creation_input_tokens) + num(u.cache_read_input_tokens);
  const completion = num(u.output_tokens);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

const toolLine = (name: string, input: string) => `[tool call] ${name}(${input})`;

/** A whole (non-streamed) message. */
export function answerOfMessage(body: unknown): Answer {
  const b = (isObj(body) ? body : {}) as Obj;
  const content = Array.isArray(b.content) ? b.content : [];
  const text = content
    .map((block) => {
      if (!isObj(block)) return "";
      if (block.type === "text") return str(block.text);
      if (block.type === "tool_use") return toolLine(str(block.name), JSON.stringify(block.input ?? {}));
      return "";
    })
    .filter(Boolean)
    .join("\n");
  return {
    text: clip(text),
    model: str(b.model) || null,
    usage: anthropicUsage(b.usage as AnthropicUsage),
    finishReason: str(b.stop_reason) || null,
  };
}

/** The first bytes of a message: the first text block as far as they go, and the model. */
export function answerOfTruncatedMessage(head: string): Answer {
  const text = partialAfter(head, /"content"\s*:\s*\[[\s\S]*?"text"\s*:\s*"/) ?? "";
  return { text: clip(text), model: partialModel(head), usage: null, finishReason: null };
}

/** Assembles a streamed message from its events, block by block in the order of their index. */
export class AnthropicStream implements StreamReader {
  #blocks: { text: string; tool: string | null }[] = [];
  #model: string | null = null;
  #usage: AnthropicUsage = {};
  #sawUsage = false;
  #stop: string | null = null;

  feed(data: string): boolean {
    const e = eventObject(data);
    if (!e) return false;
    const mergeUsage = (u: unknown) => {
      if (!isObj(u)) return;
      this.#sawUsage = true;
      // message_delta's usage is cumulative: later figures replace earlier ones
      for (const [k, v] of Object.entries(u)) if (typeof v === "number") (this.#usage as Record<string, number>)[k] = v;
    };
    const index = typeof e.index === "number" && e.index >= 0 && e.index < 10_000 ? e.index : 0;
    switch (e.type) {
      case "message_start": {
        const message = isObj(e.message) ? e.message : {};
        this.#model ??= str(message.model) || null;
        mergeUsage(message.usage);
        return false;
      }
      case "content_block_start": {
        const block = isObj(e.content_block) ? e.content_block : {};
        const slot = { text: "", tool: block.type === "tool_use" ? str(block.name) : null };
        if (block.type === "text") slot.text = str(block.text);
        this.#blocks[index] = slot;
        return slot.text !== "";
      }
      case "content_block_delta": {
        const delta = isObj(e.delta) ? e.delta : {};
        const slot = (this.#blocks[index] ??= { text: "", tool: null });
        const piece = delta.type === "text_delta" ? str(delta.text) : delta.type === "input_json_delta" ? str(delta.partial_json) : "";
        slot.text += piece;
        return piece !== "";
      }
      case "message_delta": {
        const delta = isObj(e.delta) ? e.delta : {};
        if (delta.stop_reason) this.#stop = str(delta.stop_reason) || null;
        mergeUsage(e.usage);
        return false;
      }
      default:
        return false;
    }
  }

  result(): Answer {
    const text = this.#blocks
      .filter(Boolean)
      .map((b) => (b.tool === null ? b.text : toolLine(b.tool, b.text || "{}")))
      .filter(Boolean)
      .join("\n");
    return {
      text: clip(text),
      model: this.#model,
      usage: this.#sawUsage ? anthropicUsage(this.#usage) : null,
      finishReason: this.#stop,
    };
  }
}
