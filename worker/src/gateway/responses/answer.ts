// The answer of an OpenAI Responses call as the log keeps it: the output messages' text (refusals
// included), function calls as `[tool call] name(arguments)`, the model, the status (or why it is
// incomplete) and usage. A stream is assembled from `response.output_text.delta` events (and function
// call argument deltas) until `response.completed` (or `.incomplete`, `.failed`) carries the whole
// response. Pure: the answer tap feeds them.
import { type Answer, clip, partialAfter, partialModel, type Usage } from "../chat-log";
import { isObj, type Obj, str } from "../request-text";
import { eventObject, type StreamReader } from "../wire";

function usageOf(u: unknown): Usage | null {
  if (!isObj(u)) return null;
  const n = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x : undefined);
  return { prompt_tokens: n(u.input_tokens), completion_tokens: n(u.output_tokens), total_tokens: n(u.total_tokens) };
}

function itemText(item: unknown): string {
  if (!isObj(item)) return "";
  if (item.type === "message" && Array.isArray(item.content))
    return item.content
      .map((p) => (isObj(p) ? str(p.type === "refusal" ? p.refusal : p.text) : ""))
      .filter(Boolean)
      .join("");
  if (item.type === "function_call") return `[tool call] ${str(item.name)}(${str(item.arguments)})`;
  if (item.type === "custom_tool_call") return `[tool call] ${str(item.name)}(${str(item.input)})`;
  return "";
}

/** A whole response object. */
export function answerOfResponse(body: unknown): Answer {
  const b = (isObj(body) ? body : {}) as Obj;
  const output = Array.isArray(b.output) ? b.output : [];
  const incomplete = isObj(b.incomplete_details) ? str(b.incomplete_details.reason) : "";
  return {
    text: clip(output.map(itemText).filter(Boolean).join("\n")),
    model: str(b.model) || null,
    usage: usageOf(b.usage),
    finishReason: incomplete || str(b.status) || null,
  };
}

/** The first bytes of a response: the first output text as far as they go, and the model. */
export function answerOfTruncatedResponse(head: string): Answer {
  const text = partialAfter(head, /"output"\s*:\s*\[[\s\S]*?"text"\s*:\s*"/) ?? "";
  return { text: clip(text), model: partialModel(head), usage: null, finishReason: null };
}

/** Assembles a streamed response; the final event's whole response wins where it has the answer. */
export class ResponsesStream implements StreamReader {
  #text = "";
  #calls: { name: string; args: string }[] = [];
  #model: string | null = null;
  #final: Answer | null = null;

  feed(data: string, event?: string): boolean {
    const e = eventObject(data);
    if (!e) return false;
    const type = str(e.type) || event || "";
    const slot = typeof e.output_index === "number" && e.output_index >= 0 && e.output_index < 10_000 ? e.output_index : 0;
    if (isObj(e.response)) this.#model ??= str(e.response.model) || null;
    switch (type) {
      case "response.output_text.delta":
      case "response.refusal.delta": {
        const piece = str(e.delta);
        this.#text += piece;
        return piece !== "";
      }
      case "response.output_item.added":
        if (isObj(e.item) && e.item.type === "function_call") this.#calls[slot] = { name: str(e.item.name), args: "" };
        return false;
      case "response.function_call_arguments.delta": {
        const call = (this.#calls[slot] ??= { name: "", args: "" });
        call.args += str(e.delta);
        return str(e.delta) !== "";
      }
      case "response.completed":
      case "response.incomplete":
      case "response.failed":
        this.#final = answerOfResponse(e.response);
        return false;
      default:
        return false;
    }
  }

  result(): Answer {
    const calls = this.#calls.filter(Boolean).map((c) => `[tool call] ${c.name}(${c.args})`);
    const streamed = clip([this.#text, ...calls].filter(Boolean).join("\n"));
    if (this.#final) return { ...this.#final, text: this.#final.text || streamed, model: this.#final.model ?? this.#model };
    return { text: streamed, model: this.#model, usage: null, finishReason: null };
  }
}
