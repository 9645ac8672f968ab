// A local stand-in for Anthropic's Messages API (POST /v1/messages) speaking its wire protocol: a
// JSON message, or server-sent events (message_start, content_block_start, content_block_delta with
// text_delta / input_json_delta, content_block_stop, message_delta with usage, message_stop, and a
// ping), and Anthropic's error body. The official `@anthropic-ai/sdk` client talks to it.
// What it answers is chosen by the request's `model`:
//   anything            → one text block "Echo: <last user text>" (echoAnswer), served as
//                         "<model>-served", usage from echoUsage; streamed word by word
//   fake-tool           → a text block then a tool_use block (TOOL_USE), stop_reason "tool_use";
//                         streamed as input_json_delta pieces
//   fake-cached         → the echo answer, with cache reads and writes in its usage (CACHED)
//   fake-missing-model  → 404 not_found_error
//   fake-status-<code>  → that status with Anthropic's error body for it
//   fake-stream-error   → streamed: the start and one text delta, then an `error` event (overloaded)
// A body without `model`, `max_tokens` or `messages` gets 400 invalid_request_error. Every request
// is recorded (headers and parsed body) in `requests`.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

type Block = { type?: string; text?: string; content?: unknown };
type Body = { model?: unknown; max_tokens?: unknown; messages?: { role?: string; content?: string | Block[] }[]; stream?: boolean };

export const echoAnswer = (prompt: string) => `Echo: ${prompt}`;
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
export const echoUsage = (prompt: string) => ({ input_tokens: words(prompt) + 3, output_tokens: words(echoAnswer(prompt)) });
/** The text deltas of a streamed answer, in order (word by word, spaces kept). */
export const answerPieces = (answer: string) => answer.split(/(?<= )/);
export const TOOL_USE = { type: "tool_use", id: "toolu_fake1", name: "get_weather", input: { city: "Paris", unit: "celsius" } };
export const TOOL_TEXT = "Let me look that up.";
export const CACHED = { cache_creation_input_tokens: 7, cache_read_input_tokens: 100 };

const ERRORS: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};

const lastUserText = (messages: Body["messages"]) => {
  const content = [...(messages ?? [])].reverse().find((m) => m?.role === "user")?.content;
  if (typeof content === "string") return content;
  return (content ?? [])
    .filter((b) => b?.type === "text")
    .map((b) => b.text)
    .join(" ");
};

const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

export interface FakeAnthropic {
  /** What the official client takes as `baseURL`. */
  url: string;
  chunkDelayMs: number;
  requests: { path: string; headers: IncomingHttpHeaders; body: Body | null }[];
  close(): Promise<void>;
}

export async function startFakeAnthropic({ chunkDelayMs = 0 } = {}): Promise<FakeAnthropic> {
  let count = 0;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: Body | null = null;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {}
    fake.requests.push({ path: req.url ?? "", headers: req.headers, body });
    const requestId = `req_fake${++count}`;
    const error = (status: number, message: string) =>
      res
        .writeHead(status, { "content-type": "application/json", "request-id": requestId })
        .end(JSON.stringify({ type: "error", error: { type: ERRORS[status] ?? "api_error", message }, request_id: requestId }));
    if (req.method !== "POST" || req.url !== "/v1/messages") return error(404, "Not found");
    if (!body || typeof body !== "object") return error(400, "The request body is not valid JSON.");
    for (const field of ["model", "max_tokens", "messages"] as const)
      if (body[field] === undefined) return error(400, `${field}: Field required`);
    const model = String(body.model);
    if (model === "fake-missing-model") return error(404, `model: ${model}`);
    const status = /^fake-status-(\d{3})$/.exec(model)?.[1];
    if (status) return error(Number(status), Number(status) === 401 ? "invalid x-api-key" : "The fake provider failed.");

    const prompt = lastUserText(body.messages);
    const answer = model === "fake-tool" ? TOOL_TEXT : echoAnswer(prompt);
    const usage = {
      ...echoUsage(prompt),
      ...(model === "fake-cached" ? CACHED : { cache_creation_input_tokens: 0, cache_read_input_tokens: 0 }),
    };
    const content: Record<string, unknown>[] = [{ type: "text", text: answer }];
    if (model === "fake-tool") content.push(TOOL_USE);
    const message = {
      id: `msg_fake${count}`,
      type: "message",
      role: "assistant",
      model: `${model}-served`,
      content,
      stop_reason: model === "fake-tool" ? "tool_use" : "end_turn",
      stop_sequence: null,
      usage,
    };
    if (!body.stream) {
      await sleep(fake.chunkDelayMs);
      return res.writeHead(200, { "content-type": "application/json", "request-id": requestId }).end(JSON.stringify(message));
    }
    res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", "request-id": requestId });
    const send = (type: string, data: Record<string, unknown>) =>
      res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    send("message_start", { message: { ...message, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } } });
    send("content_block_start", { index: 0, content_block: { type: "text", text: "" } });
    send("ping", {});
    for (const piece of answerPieces(answer)) {
      await sleep(fake.chunkDelayMs);
      send("content_block_delta", { index: 0, delta: { type: "text_delta", text: piece } });
      if (model === "fake-stream-error") {
        send("error", { error: { type: "overloaded_error", message: "Overloaded" } });
        return res.end();
      }
    }
    send("content_block_stop", { index: 0 });
    if (model === "fake-tool") {
      send("content_block_start", { index: 1, content_block: { ...TOOL_USE, input: {} } });
      const json = JSON.stringify(TOOL_USE.input);
      for (const part of [json.slice(0, 9), json.slice(9)])
        send("content_block_delta", { index: 1, delta: { type: "input_json_delta", partial_json: part } });
      send("content_block_stop", { index: 1 });
    }
    send("message_delta", {
      delta: { stop_reason: message.stop_reason, stop_sequence: null },
      usage: { output_tokens: usage.output_tokens },
    });
    send("message_stop", {});
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const fake: FakeAnthropic = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    chunkDelayMs,
    requests: [],
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return fake;
}
