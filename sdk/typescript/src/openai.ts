// wrapOpenAI: every chat.completions.create of an OpenAI client (the official `openai` package, or
// anything shaped like it) is logged, plain and streamed, while the caller gets exactly what the
// client returned: the same promise object (so .withResponse() and friends keep working), the same
// completion, the same stream instance, whose chunks are observed as the caller reads them.
import { openAiTurns } from "./conversation.js";
import type { LogEntry } from "./types.js";
import { followStream, type LogSink, logEntry, promptText, type WrapOptions, wrapMethod } from "./wrap.js";

type Message = { role?: string; content?: unknown; tool_calls?: unknown };
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

/** Wraps `client.chat.completions.create` in place and returns the same client. Idempotent. */
export function wrapOpenAI<T>(client: T, sink: LogSink, options: WrapOptions = {}): T {
  const completions = (client as { chat?: { completions?: unknown } })?.chat?.completions;
  const wrapped = wrapMethod<Params>(completions, "create", (value, params, started) => {
    if (params?.stream) observeStream(value, params, started, sink, options);
    else if (Array.isArray((value as Completion)?.choices))
      sink.log(completionLog(value as Completion, params, Date.now() - started, options));
  });
  if (!wrapped) throw new TypeError("wrapOpenAI: expected an OpenAI client (client.chat.completions.create)");
  return client;
}

function observeStream(stream: unknown, params: Params, started: number, sink: LogSink, options: WrapOptions): void {
  followStream<Chunk>(stream, () => {
    const parts: string[] = [];
    let model: string | undefined;
    let id: string | undefined;
    let usage: Usage;
    let finishReason: string | null = null;
    let firstTokenMs: number | null = null;
    return {
      add(chunk) {
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
      },
      end(complete) {
        sink.log(
          entry(params, parts.join(""), model, usage, Date.now() - started, options, {
            stream: true,
            id,
            finishReason,
            timeToFirstTokenMs: firstTokenMs,
            ...(complete ? {} : { incomplete: true }),
          }),
        );
      },
    };
  });
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
  const tokens = usage && { prompt: usage.prompt_tokens, completion: usage.completion_tokens, total: usage.total_tokens };
  return logEntry(
    {
      provider: "openai",
      prompt: promptText(params?.messages),
      messages: openAiTurns(params?.messages),
      response,
      model,
      requestedModel: params?.model,
      user: params?.user,
      tokens,
      latencyMs,
      extra,
    },
    options,
  );
}
