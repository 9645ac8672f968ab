// wrapOpenAI: every chat.completions.create of an OpenAI client (the official `openai` package, or
// anything shaped like it) is logged, plain and streamed, while the caller gets exactly what the
// client returned: the same promise object (so .withResponse() and friends keep working), the same
// completion, the same stream instance, whose chunks are observed as the caller reads them.
import { openAiTurns } from "./conversation.js";
import type { LogEntry } from "./types.js";

/** What wrapOpenAI needs of the SDK client (PromptSentry satisfies it). */
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

type Message = { role?: string; content?: unknown };
type Usage = { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null | undefined;
type Completion = {
  id?: string;
  model?: string;
  usage?: Usage;
  choices?: { message?: { content?: string | null; tool_calls?: unknown }; finish_reason?: string | null }[];
};
type Chunk = {
  id?: string;
  model?: string;
  usage?: Usage;
  choices?: { index?: number; delta?: { content?: string | null }; finish_reason?: string | null }[];
};
type Params = { model?: string; messages?: Message[]; stream?: boolean; user?: string };
type CreateFn = ((params: Params, ...rest: unknown[]) => unknown) & { [WRAPPED]?: true };

const WRAPPED = Symbol.for("promptsentry.wrapped");

/** Wraps `client.chat.completions.create` in place and returns the same client. Idempotent. */
export function wrapOpenAI<T>(client: T, sink: LogSink, options: WrapOptions = {}): T {
  const completions = (client as { chat?: { completions?: { create?: CreateFn } } })?.chat?.completions;
  const original = completions?.create;
  if (!completions || typeof original !== "function")
    throw new TypeError("wrapOpenAI: expected an OpenAI client (client.chat.completions.create)");
  if (original[WRAPPED]) return client;

  const create: CreateFn = function (this: unknown, params: Params, ...rest: unknown[]) {
    const started = Date.now();
    const result = original.call(completions, params, ...rest);
    // Observe without consuming: a second `then` on the client's promise shares its parsed value.
    if (result && typeof (result as PromiseLike<unknown>).then === "function") {
      (result as PromiseLike<unknown>).then(
        (value) => {
          try {
            if (params?.stream) observeStream(value, params, started, sink, options);
            else if (Array.isArray((value as Completion)?.choices))
              sink.log(completionLog(value as Completion, params, Date.now() - started, options));
          } catch {
            // Logging must never change what the caller sees.
          }
        },
        () => {}, // The caller handles its own error; a failed call has no answer to log.
      );
    }
    return result;
  };
  create[WRAPPED] = true;
  completions.create = create;
  return client;
}

function observeStream(stream: unknown, params: Params, started: number, sink: LogSink, options: WrapOptions): void {
  const target = stream as { [Symbol.asyncIterator]?: () => AsyncIterator<Chunk> };
  const iterate = target?.[Symbol.asyncIterator];
  if (typeof iterate !== "function") return;
  target[Symbol.asyncIterator] = function (this: unknown) {
    const inner = iterate.call(this) as AsyncIterator<Chunk>;
    const parts: string[] = [];
    let model: string | undefined;
    let id: string | undefined;
    let usage: Usage;
    let finishReason: string | null = null;
    let firstTokenMs: number | null = null;
    let logged = false;
    const finish = (complete: boolean) => {
      if (logged) return;
      logged = true;
      sink.log(
        entry(params, parts.join(""), model, usage, Date.now() - started, options, {
          stream: true,
          id,
          finishReason,
          timeToFirstTokenMs: firstTokenMs,
          ...(complete ? {} : { incomplete: true }),
        }),
      );
    };
    const wrapped: AsyncIterableIterator<Chunk> = {
      async next(...args: [] | [unknown]) {
        const step = await inner.next(...args);
        if (step.done) finish(true);
        else {
          const chunk = step.value;
          model ??= chunk?.model;
          id ??= chunk?.id;
          if (chunk?.usage) usage = chunk.usage;
          for (const choice of chunk?.choices ?? []) {
            if ((choice.index ?? 0) !== 0) continue;
            if (choice.delta?.content) {
              firstTokenMs ??= Date.now() - started;
              parts.push(choice.delta.content);
            }
            if (choice.finish_reason) finishReason = choice.finish_reason;
          }
        }
        return step;
      },
      async return(value?: unknown) {
        finish(false);
        return inner.return ? inner.return(value) : { done: true, value: value as Chunk };
      },
      async throw(error?: unknown) {
        finish(false);
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

function completionLog(completion: Completion, params: Params, latencyMs: number, options: WrapOptions): LogEntry {
  const choice = completion?.choices?.[0];
  const content = choice?.message?.content;
  const response = content ?? (choice?.message?.tool_calls ? JSON.stringify(choice.message.tool_calls) : "");
  return entry(params, response, completion?.model, completion?.usage, latencyMs, options, {
    stream: false,
    id: completion?.id,
    finishReason: choice?.finish_reason ?? null,
  });
}

function entry(
  params: Params,
  response: string,
  model: string | undefined,
  usage: Usage,
  latencyMs: number,
  options: WrapOptions,
  extra: Record<string, unknown>,
): LogEntry {
  const tokens = usage ? (usage.total_tokens ?? (usage.prompt_tokens ?? 0) + (usage.completion_tokens ?? 0)) : null;
  const metadata: Record<string, unknown> = { provider: "openai", ...options.metadata, ...extra };
  if (usage) Object.assign(metadata, { promptTokens: usage.prompt_tokens ?? null, completionTokens: usage.completion_tokens ?? null });
  for (const k of Object.keys(metadata)) if (metadata[k] === undefined) delete metadata[k];
  const messages = openAiTurns(params?.messages);
  return {
    ...(messages ? { messages } : {}),
    prompt: promptText(params?.messages) || "(empty prompt)",
    response,
    model: model || params?.model || "unknown",
    tokenCount: tokens,
    latencyMs: Math.max(0, Math.round(latencyMs)),
    userId: options.userId ?? params?.user ?? null,
    sessionId: options.sessionId ?? null,
    ...(options.source ? { source: options.source } : {}),
    metadata,
  };
}

/** The conversation as text: one message as is, several as "role: text" lines. */
export function promptText(messages: Message[] | undefined): string {
  if (!Array.isArray(messages)) return "";
  const texts = messages.map((m) => ({ role: m?.role ?? "user", text: contentText(m?.content) }));
  if (texts.length === 1) return texts[0].text;
  return texts.map((t) => `${t.role}: ${t.text}`).join("\n");
}

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part) =>
        typeof part === "string"
          ? part
          : (part as { type?: string; text?: string })?.type === "text"
            ? ((part as { text?: string }).text ?? "")
            : "",
      )
      .filter(Boolean)
      .join("\n");
  }
  return "";
}
