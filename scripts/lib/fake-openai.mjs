// A local stand-in for an OpenAI-compatible provider (docs/gateway.md): it speaks the chat
// completions wire protocol (JSON answers, SSE streams ending in `data: [DONE]`, OpenAI's error
// body) so the official `openai` client and the gateway are tested against what a provider sends.
// The one fake provider of the repository: used by the worker tests (worker/test/fake-provider.ts),
// the SDK's tests, the gateway and SDK browser-stack tests, `npm run bench:gateway` and `bench:sdk`.
// What it answers is chosen by the request's `model`:
//   anything              → "Echo: <last user message>" (echoAnswer) with usage (echoUsage), served
//                           as "<model>-served"; streamed word by word if asked (answerPieces), usage
//                           in the last chunk only with stream_options.include_usage
//   fake-missing-model    → 404 model_not_found, OpenAI's body for a model that does not exist
//   fake-gated            → streamed: the first chunk, then nothing until POST /_release?prefix=<p>
//                           (proves chunks reach a client before the stream ends)
//   fake-status-<code>    → that HTTP status with an OpenAI error body whose message echoes part of
//                           the caller's key, as OpenAI's "Incorrect API key provided" does
//   fake-huge-<MiB>       → an answer whose content is <MiB> MiB of HUGE_PIECE repeated, written
//                           lazily as the reader takes it (plain JSON or streamed in 64 KiB deltas)
//   fake-slow-<ms>        → the echo answer, its headers sent only after <ms>
//   fake-stall            → headers and the first part of the answer (a content chunk when streamed,
//                           the JSON up to the content otherwise), then nothing until the caller hangs up
//   fake-headers          → the echo answer with OpenAI's response headers and ones a client has no
//                           use for (set-cookie, server, proxy and infrastructure headers)
// Anthropic Messages, OpenAI Responses and Gemini calls are answered in their own wire formats
// (scripts/lib/fake-wires.mjs). Every call is recorded under its path; GET /_requests?prefix=<p> answers the recordings
// (method, path, headers, parsed body) of paths starting with <p>.
import { createServer } from "node:http";
import { answerWire, wireOf } from "./fake-wires.mjs";

const readBody = (req) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });

const lastUserText = (messages) => {
  const last = [...(messages ?? [])].reverse().find((m) => m.role === "user");
  const content = last?.content;
  if (typeof content === "string") return content;
  return Array.isArray(content)
    ? content
        .filter((p) => p.type === "text")
        .map((p) => p.text)
        .join(" ")
    : "";
};
const words = (s) => s.split(/\s+/).filter(Boolean).length;

/** What the fake answers to a last user message `prompt`. */
export const echoAnswer = (prompt) => `Echo: ${prompt}`;
/** The usage it reports for that exchange. */
export const echoUsage = (prompt) => {
  const answer = echoAnswer(prompt);
  return { prompt_tokens: words(prompt) + 3, completion_tokens: words(answer), total_tokens: words(prompt) + 3 + words(answer) };
};
/** The content pieces of a streamed answer, in order (word by word, spaces kept). */
export const answerPieces = (answer) => answer.split(/(?<= )/);

const sleep = (ms) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

/** The text fake-huge-<MiB> repeats (32 bytes: 32,768 of them make 1 MiB). */
export const HUGE_PIECE = "0123456789abcdefghijklmnopqrstuv";
const HUGE_BLOCK = HUGE_PIECE.repeat(2048); // 64 KiB

/** The headers fake-headers adds: what OpenAI sends a client, and what it has no use for. */
export const PROVIDER_HEADERS = {
  useful: {
    "openai-organization": "org-fake",
    "openai-processing-ms": "42",
    "openai-version": "2020-10-01",
    "x-ratelimit-limit-requests": "10000",
    "x-ratelimit-remaining-tokens": "149990",
    "x-ratelimit-reset-requests": "6ms",
    "retry-after-ms": "20",
    "x-should-retry": "false",
  },
  internal: {
    "set-cookie": "__cf_bm=fake-session; path=/; HttpOnly",
    server: "cloudflare",
    via: "1.1 internal-proxy.fake",
    "x-envoy-upstream-service-time": "41",
    "cf-ray": "8f0000000000fake-IAD",
    "alt-svc": 'h3=":443"; ma=86400',
    "x-amzn-trace-id": "Root=1-fake-trace",
    "x-internal-node": "10.0.3.17",
  },
};

/** Writes `chunk`, waiting while the reader is behind; false once the caller has hung up. */
const writeWhenReady = (res, chunk) =>
  new Promise((resolve) => {
    if (res.destroyed) return resolve(false);
    if (res.write(chunk)) return resolve(true);
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve(!res.destroyed);
    };
    res.on("drain", done);
    res.on("close", done);
  });

/** Resolves when the caller hangs up (or after `fallbackMs`, so a forgotten stall still ends). */
const hangUp = (res, fallbackMs = 60_000) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, fallbackMs);
    res.on("close", () => (clearTimeout(timer), resolve()));
  });

/**
 * `chunkDelayMs` (also settable on the returned object) delays a plain answer once and each streamed
 * piece, so latency and time to first token are measurable.
 * @param {{ port?: number, chunkDelayMs?: number }} [options]
 */
export async function startFakeOpenAI({ port = 0, chunkDelayMs = 0 } = {}) {
  const recorded = [];
  const gates = new Map(); // prefix → resolve of the held stream
  let origin = "";

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", origin);
    const prefix = url.searchParams.get("prefix") ?? "";
    const json = (status, value, headers = {}) =>
      res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(value));
    if (url.pathname === "/_requests")
      return json(
        200,
        recorded.filter((r) => r.path.startsWith(prefix)),
      );
    if (url.pathname === "/_release") {
      for (const [p, release] of gates) if (p.startsWith(prefix)) release(), gates.delete(p);
      return json(200, { ok: true });
    }
    const raw = await readBody(req);
    let body = null;
    try {
      body = JSON.parse(raw);
    } catch {}
    recorded.push({ method: req.method, path: url.pathname, query: url.search, headers: req.headers, body });
    const wire = req.method === "POST" ? wireOf(url.pathname) : null;
    if (wire) {
      const gatePrefix = url.pathname;
      const gate = () =>
        new Promise((r) => {
          const fallback = setTimeout(r, 15_000);
          gates.set(gatePrefix, () => (clearTimeout(fallback), r()));
        });
      return answerWire(wire, { req, res, url, body, echoAnswer, answerPieces, sleep, delayMs: fake.chunkDelayMs, gate });
    }
    if (req.method !== "POST" || !url.pathname.endsWith("/chat/completions"))
      return json(404, { error: { message: "Unknown route", type: "invalid_request_error", code: "unknown_url", param: null } });
    if (!body)
      return json(400, {
        error: { message: "We could not parse the JSON body of your request.", type: "invalid_request_error", code: null, param: null },
      });

    const model = String(body.model ?? "");
    if (model === "fake-missing-model")
      return json(404, {
        error: { message: `The model \`${model}\` does not exist`, type: "invalid_request_error", param: null, code: "model_not_found" },
      });
    const status = /^fake-status-(\d{3})$/.exec(model)?.[1];
    if (status) {
      const key = String(req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
      const masked = `${key.slice(0, 6)}***${key.slice(-4)}`;
      return json(
        Number(status),
        {
          error: { message: `Incorrect API key provided: ${masked}.`, type: "invalid_request_error", code: "invalid_api_key", param: null },
        },
        { "x-request-id": "req_fake_error" },
      );
    }

    const prompt = lastUserText(body.messages);
    const answer = echoAnswer(prompt);
    const usage = echoUsage(prompt);
    const id = `chatcmpl-fake${recorded.length}`;
    const created = Math.floor(Date.now() / 1000);
    const served = `${model}-served`;
    const slowMs = Number(/^fake-slow-(\d+)$/.exec(model)?.[1] ?? 0);
    if (slowMs) {
      await sleep(slowMs);
      if (res.destroyed) return;
    }
    const extraHeaders = model === "fake-headers" ? { ...PROVIDER_HEADERS.useful, ...PROVIDER_HEADERS.internal } : {};
    const hugeBlocks = Number(/^fake-huge-(\d+)$/.exec(model)?.[1] ?? 0) * 16; // 64 KiB blocks
    const completion = (content) => ({
      id,
      object: "chat.completion",
      created,
      model: served,
      choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, logprobs: null, finish_reason: "stop" }],
      usage,
    });
    if (!body.stream) {
      await sleep(fake.chunkDelayMs);
      if (hugeBlocks || model === "fake-stall") {
        // The body around the content, written in pieces: the content is made as the reader takes it.
        const [head, tail] = JSON.stringify(completion("\u0000")).split('"\\u0000"');
        res.writeHead(200, { "content-type": "application/json", "x-request-id": `req_${id}` });
        if (!(await writeWhenReady(res, `${head}"`))) return;
        if (model === "fake-stall") return hangUp(res).then(() => res.destroy());
        for (let i = 0; i < hugeBlocks; i++) if (!(await writeWhenReady(res, HUGE_BLOCK))) return;
        return res.end(`"${tail}`);
      }
      return json(200, completion(answer), { "x-request-id": `req_${id}`, ...extraHeaders });
    }
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      "x-request-id": `req_${id}`,
      ...extraHeaders,
    });
    const event = (chunk) => `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: served, ...chunk })}\n\n`;
    const send = (chunk) => res.write(event(chunk));
    if (hugeBlocks || model === "fake-stall") {
      const delta = (content) => event({ choices: [{ index: 0, delta: { content }, finish_reason: null }] });
      if (!(await writeWhenReady(res, event({ choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] }))))
        return;
      if (model === "fake-stall") {
        await writeWhenReady(res, delta("Echo: before the stall"));
        return hangUp(res).then(() => res.destroy());
      }
      for (let i = 0; i < hugeBlocks; i++) if (!(await writeWhenReady(res, delta(HUGE_BLOCK)))) return;
      send({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] });
      return res.end("data: [DONE]\n\n");
    }
    send({ choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] });
    for (const [i, piece] of answerPieces(answer).entries()) {
      await sleep(fake.chunkDelayMs);
      send({ choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
      if (i === 0 && model === "fake-gated") {
        const gatePrefix = url.pathname;
        await new Promise((r) => {
          const fallback = setTimeout(r, 15_000);
          gates.set(gatePrefix, () => (clearTimeout(fallback), r()));
        });
      }
    }
    send({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] });
    if (body.stream_options?.include_usage) send({ choices: [], usage });
    res.end("data: [DONE]\n\n");
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  const fake = {
    origin,
    /** The base URL the official client takes (`baseURL`). */
    url: `${origin}/v1`,
    chunkDelayMs,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return fake;
}

/** An origin where nothing listens (a port opened, then closed): "provider down". */
export async function deadOrigin() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
