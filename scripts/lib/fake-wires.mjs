// The fake provider's other wire formats (scripts/lib/fake-openai.mjs dispatches here by path), each
// as its provider sends it, so the official clients and the gateway are tested against the real shapes:
//   …/v1/messages                                 Anthropic Messages (JSON, or SSE events message_start …
//                                                 message_stop when `stream: true`)
//   …/responses                                   OpenAI Responses (JSON, or SSE response.* events)
//   …/v1beta/models/<model>:generateContent       Gemini (JSON)
//   …/v1beta/models/<model>:streamGenerateContent Gemini streamed: SSE with ?alt=sse, else a JSON array
// Each answers "Echo: <last user text>" (echoAnswer) as "<model>-served", streamed word by word
// (answerPieces); `fake-status-<code>` answers that status in the wire's error body, its message
// echoing part of the caller's key as the providers do; `fake-gated` holds a stream after its first
// piece until released, like the chat completions fake.

const words = (s) => s.split(/\s+/).filter(Boolean).length;
const isObj = (x) => typeof x === "object" && x !== null && !Array.isArray(x);

/** The text of a list of blocks/parts with `text` fields (strings as they are). */
const textOf = (content) =>
  typeof content === "string"
    ? content
    : Array.isArray(content)
      ? content
          .map((p) => (typeof p?.text === "string" ? p.text : p?.type === "tool_result" ? textOf(p.content) : ""))
          .filter(Boolean)
          .join(" ")
      : "";

const masked = (key) => `${String(key).slice(0, 6)}***${String(key).slice(-4)}`;

/** The wire of a path, or null: chat completions stay with fake-openai.mjs. */
export function wireOf(pathname) {
  if (pathname.endsWith("/v1/messages")) return "anthropic";
  if (pathname.endsWith("/responses")) return "responses";
  if (/\/v1beta\/models\/[^/]+:(generateContent|streamGenerateContent)$/.test(pathname)) return "gemini";
  return null;
}

/**
 * Answers one call in `wire`'s format. `ctx`: { req, res, url, body, echoAnswer, answerPieces, sleep,
 * delayMs, gate(): Promise<void> }.
 */
export async function answerWire(wire, ctx) {
  const { req, res, url, body } = ctx;
  const json = (status, value, headers = {}) =>
    res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(value));
  if (!body) return json(400, { error: { message: "invalid JSON" } });
  const gemini = wire === "gemini" ? /\/models\/([^/:]+):(\w+)$/.exec(url.pathname) : null;
  const model = gemini ? decodeURIComponent(gemini[1]) : String(body.model ?? "");
  const status = Number(/^fake-status-(\d{3})$/.exec(model)?.[1] ?? 0);
  const prompt = lastUserText(wire, body);
  const answer = ctx.echoAnswer(prompt);
  const pieces = ctx.answerPieces(answer);
  const usage = { input: words(prompt) + 3, output: words(answer) };
  const served = `${model}-served`;
  const stream = gemini ? gemini[2] === "streamGenerateContent" : body.stream === true;

  if (wire === "anthropic") {
    if (status)
      return json(
        status,
        {
          type: "error",
          error: {
            type: "authentication_error",
            message: `invalid x-api-key ${masked(req.headers["x-api-key"] ?? String(req.headers.authorization ?? "").replace(/^Bearer\s+/i, ""))}`,
          },
        },
        { "request-id": "req_fake_error" },
      );
    const message = (content, stop) => ({
      id: "msg_fake",
      type: "message",
      role: "assistant",
      model: served,
      content,
      stop_reason: stop,
      stop_sequence: null,
      usage: { input_tokens: usage.input, output_tokens: stop ? usage.output : 1 },
    });
    const headers = { "request-id": "req_fake_anthropic", "anthropic-ratelimit-requests-limit": "50", server: "fake-internal" };
    if (!stream) return json(200, message([{ type: "text", text: answer }], "end_turn"), headers);
    res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", ...headers });
    const send = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    send("message_start", { message: message([], null) });
    send("content_block_start", { index: 0, content_block: { type: "text", text: "" } });
    send("ping", {});
    for (const [i, piece] of pieces.entries()) {
      await ctx.sleep(ctx.delayMs);
      send("content_block_delta", { index: 0, delta: { type: "text_delta", text: piece } });
      if (i === 0 && model === "fake-gated") await ctx.gate();
    }
    send("content_block_stop", { index: 0 });
    send("message_delta", { delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: usage.output } });
    send("message_stop", {});
    return res.end();
  }

  if (wire === "responses") {
    if (status) {
      const key = String(req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
      return json(
        status,
        {
          error: {
            message: `Incorrect API key provided: ${masked(key)}.`,
            type: "invalid_request_error",
            code: "invalid_api_key",
            param: null,
          },
        },
        { "x-request-id": "req_fake_error" },
      );
    }
    const item = (text, done) => ({
      id: "msg_fake",
      type: "message",
      status: done ? "completed" : "in_progress",
      role: "assistant",
      content: done ? [{ type: "output_text", text, annotations: [] }] : [],
    });
    const response = (done) => ({
      id: "resp_fake",
      object: "response",
      created_at: Math.floor(Date.now() / 1000),
      status: done ? "completed" : "in_progress",
      model: served,
      instructions: body.instructions ?? null,
      output: done ? [item(answer, true)] : [],
      usage: done
        ? {
            input_tokens: usage.input,
            output_tokens: usage.output,
            total_tokens: usage.input + usage.output,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens_details: { reasoning_tokens: 0 },
          }
        : null,
      error: null,
      incomplete_details: null,
    });
    if (!stream) return json(200, response(true), { "x-request-id": "req_fake_responses" });
    res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "x-request-id": "req_fake_responses" });
    let seq = 0;
    const send = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: seq++, ...data })}\n\n`);
    send("response.created", { response: response(false) });
    send("response.output_item.added", { output_index: 0, item: item("", false) });
    send("response.content_part.added", {
      item_id: "msg_fake",
      output_index: 0,
      content_index: 0,
      part: { type: "output_text", text: "", annotations: [] },
    });
    for (const [i, piece] of pieces.entries()) {
      await ctx.sleep(ctx.delayMs);
      send("response.output_text.delta", { item_id: "msg_fake", output_index: 0, content_index: 0, delta: piece });
      if (i === 0 && model === "fake-gated") await ctx.gate();
    }
    send("response.output_text.done", { item_id: "msg_fake", output_index: 0, content_index: 0, text: answer });
    send("response.output_item.done", { output_index: 0, item: item(answer, true) });
    send("response.completed", { response: response(true) });
    return res.end();
  }

  // gemini
  if (status) {
    const key = req.headers["x-goog-api-key"] ?? url.searchParams.get("key") ?? "";
    return json(status, {
      error: { code: status, message: `API key not valid: ${masked(key)}. Please pass a valid API key.`, status: "INVALID_ARGUMENT" },
    });
  }
  const chunk = (text, last) => ({
    candidates: [{ content: { parts: [{ text }], role: "model" }, index: 0, ...(last ? { finishReason: "STOP" } : {}) }],
    usageMetadata: last
      ? { promptTokenCount: usage.input, candidatesTokenCount: usage.output, totalTokenCount: usage.input + usage.output }
      : { promptTokenCount: usage.input, totalTokenCount: usage.input },
    modelVersion: served,
    responseId: "fake-gemini",
  });
  if (!stream) return json(200, chunk(answer, true));
  const sse = url.searchParams.get("alt") === "sse";
  res.writeHead(200, { "content-type": sse ? "text/event-stream" : "application/json" });
  if (!sse) res.write("[");
  for (const [i, piece] of pieces.entries()) {
    await ctx.sleep(ctx.delayMs);
    const data = JSON.stringify(chunk(piece, i === pieces.length - 1));
    res.write(sse ? `data: ${data}\r\n\r\n` : `${i ? ",\r\n" : ""}${data}`);
    if (i === 0 && model === "fake-gated") await ctx.gate();
  }
  return res.end(sse ? "" : "]");
}

function lastUserText(wire, body) {
  if (wire === "anthropic") {
    const last = [...(body.messages ?? [])].reverse().find((m) => m?.role === "user");
    return textOf(last?.content);
  }
  if (wire === "responses") {
    if (typeof body.input === "string") return body.input;
    const last = [...(Array.isArray(body.input) ? body.input : [])].reverse().find((m) => isObj(m) && m.role === "user");
    return typeof last?.content === "string" ? last.content : textOf(last?.content);
  }
  const last = [...(body.contents ?? [])].reverse().find((c) => isObj(c) && (c.role ?? "user") === "user");
  return textOf(last?.parts);
}
