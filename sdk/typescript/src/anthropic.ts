// wrapAnthropic: every messages.create of an Anthropic client (the official `@anthropic-ai/sdk`, or
// anything shaped like it) is logged, plain and streamed (`stream: true`, and so `messages.stream()`,
// which the official client builds on `messages.create`), while the caller gets exactly what the
// client returned. Only the request body and the answer are read: the client's key, headers and
// options are never looked at.
import type { LogEntry } from "./types.js";
import { contentText, followStream, type LogSink, logEntry, promptText, type Tokens, type WrapOptions, wrapMethod } from "./wrap.js";

type Block = { type?: string; text?: string; id?: string; name?: string; input?: unknown; content?: unknown };
type Message = { role?: string; content?: string | Block[] };
type Usage = {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
};
type Answer = {
  type?: string;
  id?: string;
  model?: string;
  content?: Block[];
  stop_reason?: string | null;
  usage?: Usage | null;
};
type Event =
  | { type: "message_start"; message?: Answer }
  | { type: "content_block_start"; index?: number; content_block?: Block }
  | {
      type: "content_block_delta";
      index?: number;
      delta?: { type?: string; text?: string; partial_json?: string };
    }
  | { type: "content_block_stop"; index?: number }
  | { type: "message_delta"; delta?: { stop_reason?: string | null }; usage?: Usage | null }
  | { type: "message_stop" | "ping" | "error" };
type Params = {
  model?: string;
  system?: string | Block[];
  messages?: Message[];
  stream?: boolean;
  metadata?: { user_id?: string | null } | null;
};

/** Wraps `client.messages.create` in place and returns the same client. Idempotent. */
export function wrapAnthropic<T>(client: T, sink: LogSink, options: WrapOptions = {}): T {
  const messages = (client as { messages?: unknown })?.messages;
  const wrapped = wrapMethod<Params>(messages, "create", (value, params, started) => {
    if (params?.stream) observeStream(value, params, started, sink, options);
    else if ((value as Answer)?.type === "message" || Array.isArray((value as Answer)?.content)) {
      const answer = value as Answer;
      sink.log(
        entry(params, answer.content, answer, answer.usage, Date.now() - started, options, {
          stream: false,
          id: answer.id,
          finishReason: answer.stop_reason ?? null,
        }),
      );
    }
  });
  if (!wrapped) throw new TypeError("wrapAnthropic: expected an Anthropic client (client.messages.create)");
  return client;
}

/** The streamed events reassembled into the answer's content blocks, as the plain answer has them. */
function observeStream(stream: unknown, params: Params, started: number, sink: LogSink, options: WrapOptions): void {
  followStream<Event>(stream, () => {
    const blocks: Block[] = [];
    const json = new Map<number, string>(); // a tool_use block's input, as its deltas arrive
    let message: Answer = {};
    let usage: Usage | null = null;
    let finishReason: string | null = null;
    let firstTokenMs: number | null = null;
    const closeBlock = (index: number) => {
      const raw = json.get(index);
      if (raw === undefined || !blocks[index]) return;
      json.delete(index);
      try {
        blocks[index].input = raw ? JSON.parse(raw) : {};
      } catch {
        blocks[index].input = raw; // cut off mid-object: keep what came
      }
    };
    return {
      add(event) {
        switch (event?.type) {
          case "message_start":
            message = event.message ?? {};
            break;
          case "content_block_start": {
            const index = event.index ?? blocks.length;
            blocks[index] = { ...event.content_block };
            if (blocks[index].type === "tool_use") json.set(index, "");
            break;
          }
          case "content_block_delta": {
            const index = event.index ?? 0;
            const block = blocks[index];
            const delta = event.delta;
            if (!block || !delta) break;
            firstTokenMs ??= Date.now() - started;
            if (delta.type === "text_delta") block.text = (block.text ?? "") + (delta.text ?? "");
            else if (delta.type === "input_json_delta") json.set(index, (json.get(index) ?? "") + (delta.partial_json ?? ""));
            break;
          }
          case "content_block_stop":
            closeBlock(event.index ?? 0);
            break;
          case "message_delta":
            // Its usage is cumulative and final; message_start's holds the input side.
            usage = { ...message.usage, ...definedOnly(event.usage) };
            finishReason = event.delta?.stop_reason ?? finishReason;
            break;
        }
      },
      end(complete) {
        for (const index of [...json.keys()]) closeBlock(index);
        sink.log(
          entry(params, blocks.filter(Boolean), message, usage, Date.now() - started, options, {
            stream: true,
            id: message.id,
            finishReason,
            timeToFirstTokenMs: firstTokenMs,
            ...(complete ? {} : { incomplete: true }),
          }),
        );
      },
    };
  });
}

function definedOnly(usage: Usage | null | undefined): Usage {
  return Object.fromEntries(Object.entries(usage ?? {}).filter(([, v]) => v !== null && v !== undefined));
}

function entry(
  params: Params,
  content: Block[] | undefined,
  answer: Answer,
  usage: Usage | null | undefined,
  latencyMs: number,
  options: WrapOptions,
  extra: Record<string, unknown>,
): LogEntry {
  return logEntry(
    {
      provider: "anthropic",
      prompt: anthropicPromptText(params),
      // The pieces of one answer (text blocks split around citations) join without a separator.
      response: contentText(content, ""),
      model: answer?.model,
      requestedModel: params?.model,
      user: params?.metadata?.user_id,
      tokens: tokens(usage),
      latencyMs,
      extra,
    },
    options,
  );
}

/** Anthropic reports uncached input apart from cache writes and reads; the prompt is all three. */
function tokens(usage: Usage | null | undefined): Tokens | null {
  if (!usage) return null;
  const cached = (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
  const prompt = usage.input_tokens == null ? null : usage.input_tokens + cached;
  return { prompt, completion: usage.output_tokens ?? null };
}

/**
 * The request as the OpenAI wrapper would show the same conversation: the system prompt as a
 * "system" turn, and each tool result as a "tool" turn of its own (OpenAI's tool messages), so a
 * conversation logs alike whichever provider served it.
 */
export function anthropicPromptText(params: Params | undefined): string {
  const turns: Message[] = [];
  const system = contentText(params?.system);
  if (system) turns.push({ role: "system", content: system });
  for (const message of Array.isArray(params?.messages) ? params.messages : []) {
    const content = message?.content;
    if (!Array.isArray(content) || !content.some((b) => b?.type === "tool_result")) {
      turns.push(message);
      continue;
    }
    const rest = content.filter((b) => b?.type !== "tool_result");
    for (const block of content) if (block?.type === "tool_result") turns.push({ role: "tool", content: contentText(block.content) });
    if (rest.length) turns.push({ role: message.role, content: rest });
  }
  return promptText(turns);
}
