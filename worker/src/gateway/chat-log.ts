// What one gateway call becomes as a prompt log (docs/gateway.md#what-is-logged): the conversation as the prompt,
// the answer as the response (assembled from the stream's deltas when streamed), tokens from the
// provider's `usage` or estimated. Pure functions: the route feeds them, tests call them directly.
import { MAX_LATENCY_MS, MAX_TEXT_CHARS, MAX_TOKEN_COUNT } from "@promptsentry/schema/constants/ingestion";

type ToolCall = { function?: { name?: unknown; arguments?: unknown } };
export type Usage = { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
export type Answer = { text: string; model: string | null; usage: Usage | null; finishReason: string | null };

export const clip = (s: string, max = MAX_TEXT_CHARS) => (s.length > max ? s.slice(0, max) : s);
const str = (x: unknown) => (typeof x === "string" ? x : "");

/** Tool calls as readable lines: `[tool call] name(arguments)`. */
function toolCallText(calls: unknown): string {
  if (!Array.isArray(calls)) return "";
  return (calls as ToolCall[]).map((t) => `[tool call] ${str(t.function?.name)}(${str(t.function?.arguments)})`).join("\n");
}

type Choice = { index?: number; message?: { content?: unknown; tool_calls?: unknown }; finish_reason?: unknown };

/** The answer of a non-streamed completion (first choice). */
export function answerOfCompletion(body: unknown): Answer {
  const b = (body ?? {}) as { model?: unknown; usage?: Usage; choices?: Choice[] };
  const choice = Array.isArray(b.choices) ? b.choices[0] : undefined;
  const text = [str(choice?.message?.content), toolCallText(choice?.message?.tool_calls)].filter(Boolean).join("\n");
  return {
    text: clip(text),
    model: str(b.model) || null,
    usage: b.usage && typeof b.usage === "object" ? b.usage : null,
    finishReason: str(choice?.finish_reason) || null,
  };
}

/**
 * Where a JSON string that starts at `from` (just past its opening quote) ends: at its closing quote,
 * else (the text was cut off inside it) before any escape the cut left incomplete.
 */
function stringEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') return i;
    if (ch !== "\\") i++;
    else if (text[i + 1] === "u") {
      if (i + 6 > text.length) return i;
      i += 6;
    } else {
      if (i + 2 > text.length) return i;
      i += 2;
    }
  }
  return i;
}

/** A JSON string value whose body starts at `from`, decoded as far as it goes; null if it will not parse. */
function partialString(text: string, from: number): string | null {
  try {
    return JSON.parse(`"${text.slice(from, stringEnd(text, from))}"`) as string;
  } catch {
    return null;
  }
}

/** The JSON string value that starts where `key` (a regex ending at its opening quote) first matches, decoded as far as it goes. */
export function partialAfter(head: string, key: RegExp): string | null {
  const found = key.exec(head);
  return found ? partialString(head, found.index + found[0].length) : null;
}

/** The answer's model of the first bytes of a JSON answer (`"model": "…"`, or the wire's own key). */
export const partialModel = (head: string, key = /"model"\s*:\s*"/) => partialAfter(head, key)?.slice(0, 100) || null;

/**
 * The answer of a completion the log read only the first bytes of (an answer over
 * GATEWAY_LOG_MAX_BYTES): the first choice's content as far as those bytes go, and the model. Usage
 * and finish reason come after the content in the provider's body, so they are unknown.
 */
export function answerOfTruncatedCompletion(head: string): Answer {
  // The first `"content": "` after `"choices"`: a key, since a quote inside a JSON string is escaped.
  const text = partialAfter(head, /"choices"\s*:\s*\[[\s\S]*?"content"\s*:\s*"/) ?? "";
  return { text: clip(text), model: partialModel(head), usage: null, finishReason: null };
}

type Delta = { content?: unknown; tool_calls?: { index?: number; function?: { name?: unknown; arguments?: unknown } }[] };
type Chunk = { model?: unknown; usage?: Usage | null; choices?: { index?: number; delta?: Delta; finish_reason?: unknown }[] };

/** Assembles a streamed completion from its `data:` payloads (first choice), as they arrive. */
export class StreamAnswer {
  #text = "";
  #tools: { name: string; args: string }[] = [];
  #model: string | null = null;
  #usage: Usage | null = null;
  #finish: string | null = null;

  /** Feeds one event's data; answers whether it carried answer content (the first such is "first token"). */
  feed(data: string, _event?: string): boolean {
    if (data === "[DONE]") return false;
    let chunk: Chunk;
    try {
      chunk = JSON.parse(data);
    } catch {
      return false;
    }
    this.#model ??= str(chunk.model) || null;
    if (chunk.usage && typeof chunk.usage === "object") this.#usage = chunk.usage;
    const choice = chunk.choices?.find((c) => (c.index ?? 0) === 0);
    if (!choice) return false;
    if (choice.finish_reason) this.#finish = str(choice.finish_reason);
    const delta = choice.delta ?? {};
    let carried = false;
    if (typeof delta.content === "string" && delta.content) {
      this.#text += delta.content;
      carried = true;
    }
    for (const t of delta.tool_calls ?? []) {
      const slot = (this.#tools[t.index ?? 0] ??= { name: "", args: "" });
      slot.name += str(t.function?.name);
      slot.args += str(t.function?.arguments);
      carried = true;
    }
    return carried;
  }

  result(): Answer {
    const tools = this.#tools.filter(Boolean).map((t) => `[tool call] ${t.name}(${t.args})`);
    return {
      text: clip([this.#text, ...tools].filter(Boolean).join("\n")),
      model: this.#model,
      usage: this.#usage,
      finishReason: this.#finish,
    };
  }
}

/** Rough tokens of a text when the provider reports none: about four characters a token for English. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** The log's token count: the provider's total when it sent usage, else an estimate (and which it is). */
export function tokenCountOf(prompt: string, answer: Answer): { tokens: number; estimated: boolean } {
  const total =
    answer.usage?.total_tokens ?? (answer.usage ? (answer.usage.prompt_tokens ?? 0) + (answer.usage.completion_tokens ?? 0) : undefined);
  if (typeof total === "number" && Number.isFinite(total) && total >= 0)
    return { tokens: Math.min(Math.round(total), MAX_TOKEN_COUNT), estimated: false };
  return { tokens: Math.min(estimateTokens(prompt) + estimateTokens(answer.text), MAX_TOKEN_COUNT), estimated: true };
}

export const boundedMs = (ms: number) => Math.max(0, Math.min(Math.round(ms), MAX_LATENCY_MS));
