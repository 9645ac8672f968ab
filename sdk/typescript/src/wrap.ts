// What the provider wrappers (wrapOpenAI, wrapAnthropic) share: replacing a client's create method in
// place so the caller still gets exactly what the client returned (the same promise object, so
// .withResponse() and friends keep working; the same stream instance), following a stream as the
// caller reads it, and turning one call into one log entry. Each wrapper only knows its provider's
// answer and chunk shapes.
import type { ConversationMessage } from "./conversation.js";
import type { LogEntry } from "./types.js";

/** What a wrapper needs of the SDK client (PromptSentry satisfies it). */
export interface LogSink {
  log(entry: LogEntry): void;
}

export interface WrapOptions {
  /** Added to every log of this client. */
  userId?: string;
  sessionId?: string;
  source?: string;
  metadata?: Record<string, unknown>;
}

const WRAPPED = Symbol.for("promptsentry.wrapped");
type Method = ((params: unknown, ...rest: unknown[]) => unknown) & { [WRAPPED]?: true };

/**
 * Replaces `owner[name]` with a function that calls the original and hands what its promise
 * resolves to (an answer or a stream) to `observe`. False when there is no such method. Wrapping
 * twice is a no-op, so a client is never logged twice.
 */
export function wrapMethod<P>(owner: unknown, name: string, observe: (value: unknown, params: P, started: number) => void): boolean {
  const target = owner as Record<string, unknown> | null | undefined;
  const original = target?.[name] as Method | undefined;
  if (!target || typeof original !== "function") return false;
  if (original[WRAPPED]) return true;
  const wrapped: Method = (params: unknown, ...rest: unknown[]) => {
    const started = Date.now();
    const result = original.call(target, params, ...rest);
    // Observe without consuming: a second `then` on the client's promise shares its parsed value.
    if (result && typeof (result as PromiseLike<unknown>).then === "function") {
      (result as PromiseLike<unknown>).then(
        (value) => {
          try {
            observe(value, params as P, started);
          } catch {
            // Logging must never change what the caller sees.
          }
        },
        () => {}, // The caller handles its own error; a failed call has no answer to log.
      );
    }
    return result;
  };
  wrapped[WRAPPED] = true;
  target[name] = wrapped;
  return true;
}

/** Follows one read of a stream: every chunk the caller receives, then its end, exactly once. */
export interface StreamFollower<C> {
  add(chunk: C): void;
  /** `complete` is false when the caller stopped reading early (break, return, throw). */
  end(complete: boolean): void;
}

/**
 * Wraps the stream's async iterator in place (the caller keeps the same stream object) so each
 * iteration is followed by a fresh follower. A stream that is not async-iterable is left alone.
 */
export function followStream<C>(stream: unknown, follow: () => StreamFollower<C>): void {
  const target = stream as { [Symbol.asyncIterator]?: () => AsyncIterator<C> } | null | undefined;
  const iterate = target?.[Symbol.asyncIterator];
  if (!target || typeof iterate !== "function") return;
  target[Symbol.asyncIterator] = function (this: unknown) {
    const inner = iterate.call(this) as AsyncIterator<C>;
    const follower = follow();
    let ended = false;
    const end = (complete: boolean) => {
      if (ended) return;
      ended = true;
      try {
        follower.end(complete);
      } catch {
        // Logging must never change what the caller sees.
      }
    };
    const wrapped: AsyncIterableIterator<C> = {
      async next(...args: [] | [unknown]) {
        const step = await inner.next(...args);
        if (step.done) end(true);
        else {
          try {
            follower.add(step.value);
          } catch {
            // As above: a chunk we cannot read is still the caller's chunk.
          }
        }
        return step;
      },
      async return(value?: unknown) {
        end(false);
        return inner.return ? inner.return(value) : { done: true, value: value as C };
      },
      async throw(error?: unknown) {
        end(false);
        if (inner.throw) return inner.throw(error);
        throw error;
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
    return wrapped;
  };
}

/** Token counts as the provider reported them, in PromptSentry's terms. */
export interface Tokens {
  prompt?: number | null;
  completion?: number | null;
  total?: number | null;
}

/** One observed call, provider-neutral. */
export interface CallRecord {
  provider: string;
  prompt: string;
  /** The request's messages as structured turns, when they fit the server's conversation bounds. */
  messages?: ConversationMessage[];
  response: string;
  /** The model the provider answered with, else the one asked for. */
  model?: string | null;
  requestedModel?: string | null;
  /** The end user named in the request (OpenAI's `user`, Anthropic's `metadata.user_id`). */
  user?: string | null;
  tokens: Tokens | null | undefined;
  latencyMs: number;
  /** Provider facts for `metadata` (stream, id, finishReason, …); undefined values are dropped. */
  extra: Record<string, unknown>;
}

export function logEntry(call: CallRecord, options: WrapOptions): LogEntry {
  const { tokens } = call;
  const total = tokens ? (tokens.total ?? (tokens.prompt ?? 0) + (tokens.completion ?? 0)) : null;
  const metadata: Record<string, unknown> = { provider: call.provider, ...options.metadata, ...call.extra };
  if (tokens) Object.assign(metadata, { promptTokens: tokens.prompt ?? null, completionTokens: tokens.completion ?? null });
  for (const k of Object.keys(metadata)) if (metadata[k] === undefined) delete metadata[k];
  return {
    ...(call.messages ? { messages: call.messages } : {}),
    prompt: call.prompt || "(empty prompt)",
    response: call.response,
    model: call.model || call.requestedModel || "unknown",
    tokenCount: total,
    latencyMs: Math.max(0, Math.round(call.latencyMs)),
    userId: options.userId ?? call.user ?? null,
    sessionId: options.sessionId ?? null,
    ...(options.source ? { source: options.source } : {}),
    metadata,
  };
}

type Turn = { role?: string; content?: unknown; tool_calls?: unknown };

/**
 * The conversation as text: one message as is, several as "role: text" lines. Text parts are kept;
 * tool calls (OpenAI's `tool_calls`, Anthropic's `tool_use` blocks) follow as the provider's JSON,
 * and a tool result reads as its text, so the detector sees what a tool fed the model.
 */
export function promptText(messages: Turn[] | undefined): string {
  if (!Array.isArray(messages)) return "";
  const texts = messages.map((m) => ({
    role: m?.role ?? "user",
    text: withToolCalls(contentText(m?.content), Array.isArray(m?.tool_calls) ? m.tool_calls : []),
  }));
  if (texts.length === 1) return texts[0].text;
  return texts.map((t) => `${t.role}: ${t.text}`).join("\n");
}

/**
 * A message's content as text: a string as is; of a list of parts, the text parts joined by
 * `separator` ("" for the pieces of one answer), tool results by their text and `tool_use` blocks as
 * JSON after them. Images, documents and thinking are left out.
 */
export function contentText(content: unknown, separator = "\n"): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const texts: string[] = [];
  const calls: unknown[] = [];
  for (const part of content) {
    const block = part as { type?: string; text?: unknown; content?: unknown; id?: unknown; name?: unknown; input?: unknown } | null;
    if (typeof part === "string") texts.push(part);
    else if (block?.type === "text" && typeof block.text === "string") texts.push(block.text);
    // The same four fields whichever SDK built the block, so both SDKs log a call alike.
    else if (block?.type === "tool_use") calls.push({ type: "tool_use", id: block.id, name: block.name, input: block.input });
    else if (block?.type === "tool_result") texts.push(contentText(block.content, separator));
  }
  return withToolCalls(texts.filter(Boolean).join(separator), calls);
}

function withToolCalls(text: string, calls: unknown[]): string {
  if (!calls.length) return text;
  const json = JSON.stringify(calls);
  return text ? `${text}\n${json}` : json;
}
