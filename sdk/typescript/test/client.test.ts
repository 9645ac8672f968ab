// The client against a real local HTTP server: batching thresholds, retries under one
// Idempotency-Key, Retry-After, timeouts, 4xx not retried, the bounded queue, flush and shutdown.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PromptSentry, type PromptSentryError, backoffMs, retryAfterMs } from "../src/index";
import { FakeApi, until } from "./fake-api";

let api: FakeApi;
const clients: PromptSentry[] = [];
let errors: PromptSentryError[] = [];
beforeEach(async () => {
  api = await new FakeApi().start();
  errors = [];
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.shutdown();
  await api.stop();
});

function client(options: Partial<ConstructorParameters<typeof PromptSentry>[0]> = {}) {
  const c = new PromptSentry({
    apiKey: "pk_live_test",
    baseUrl: `${api.url}/`,
    onError: (e) => errors.push(e),
    initialBackoffMs: 20,
    flushOnExit: false,
    ...options,
  });
  clients.push(c);
  return c;
}
const entry = (i: number, extra = {}) => ({ prompt: `prompt ${i}`, response: `response ${i}`, model: "gpt-4", ...extra });

describe("batching", () => {
  it("sends full batches of 100 at once and the rest after the 1 s interval", async () => {
    const sdk = client();
    const start = Date.now();
    for (let i = 0; i < 250; i++) sdk.log(entry(i));
    await until(() => api.requests.length >= 2, 2_000, "two full batches");
    expect(api.requests.map((r) => r.logs.length)).toEqual([100, 100]);
    expect(api.requests[1].at - start).toBeLessThan(900);
    await until(() => api.requests.length === 3, 3_000, "the remainder");
    expect(api.requests[2].logs.length).toBe(50);
    expect(api.requests[2].at - start).toBeGreaterThanOrEqual(950);
    expect(api.stored.map((l) => l.prompt)).toEqual(Array.from({ length: 250 }, (_, i) => `prompt ${i}`));
    // Wire format: Bearer key, JSON, source defaulted, one key per batch.
    expect(api.requests[0].auth).toBe("Bearer pk_live_test");
    expect(api.requests[0].headers["content-type"]).toBe("application/json");
    expect(api.stored[0]).toMatchObject({ source: "node-sdk", model: "gpt-4" });
    expect(new Set(api.requests.map((r) => r.key)).size).toBe(3);
    // The server has the last batch before the client has read its answer: stats follow the answer.
    await until(() => sdk.stats.pending === 0, 2_000, "the answer to the last batch");
    expect(sdk.stats).toMatchObject({ sent: 250, failed: 0, retries: 0, pending: 0 });
  });

  it("waits for the interval when fewer than a batch are queued", async () => {
    const sdk = client({ flushIntervalMs: 1_000 });
    sdk.log(entry(1));
    await new Promise((r) => setTimeout(r, 150));
    sdk.log(entry(2, { source: "mine" }));
    await new Promise((r) => setTimeout(r, 150));
    expect(api.requests).toHaveLength(0);
    await until(() => api.requests.length === 1, 2_000);
    expect(api.requests[0].logs.map((l) => l.source)).toEqual(["node-sdk", "mine"]);
  });

  it("keeps every batch within the byte limit", async () => {
    const sdk = client({ maxBatchBytes: 2_000 });
    const big = "x".repeat(450);
    for (let i = 0; i < 12; i++) sdk.log(entry(i, { response: big }));
    await sdk.flush();
    expect(api.stored).toHaveLength(12);
    for (const r of api.requests) expect(r.bytes).toBeLessThanOrEqual(2_000);
    expect(api.requests.length).toBeGreaterThanOrEqual(4);
    // A log larger than a whole batch can never be sent: reported, not queued.
    sdk.log(entry(99, { response: "y".repeat(3_000) }));
    expect(errors.map((e) => e.kind)).toEqual(["invalid"]);
    expect(sdk.stats.pending).toBe(0);
  });

  it("reports an entry without prompt or model instead of sending it", async () => {
    const sdk = client();
    sdk.log({ prompt: "", model: "gpt-4" });
    sdk.log({ prompt: "hi", model: " " } as never);
    await sdk.flush();
    expect(api.requests).toHaveLength(0);
    expect(errors.map((e) => [e.kind, e.message])).toEqual([
      ["invalid", "prompt is required"],
      ["invalid", "model is required"],
    ]);
  });
});

describe("retries", () => {
  it("retries 503 and 429 with the same Idempotency-Key, then succeeds", async () => {
    api.script.push({ status: 503 }, { status: 429, headers: { "Retry-After": "0" } });
    const sdk = client();
    for (let i = 0; i < 3; i++) sdk.log(entry(i));
    sdk.log(entry(3));
    await sdk.flush();
    expect(api.requests).toHaveLength(3);
    expect(new Set(api.requests.map((r) => r.key)).size).toBe(1);
    expect(api.requests[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.stored).toHaveLength(4);
    expect(sdk.stats).toMatchObject({ sent: 4, retries: 2, failed: 0 });
    expect(errors).toEqual([]);
  });

  it("never duplicates when the answer to a stored batch is lost", async () => {
    api.script.push("store-then-503", "reset");
    const sdk = client();
    for (let i = 0; i < 5; i++) sdk.log(entry(i));
    await sdk.flush();
    expect(api.requests).toHaveLength(3);
    expect(new Set(api.requests.map((r) => r.key)).size).toBe(1);
    expect(api.stored.map((l) => l.prompt)).toEqual(["prompt 0", "prompt 1", "prompt 2", "prompt 3", "prompt 4"]);
    expect(sdk.stats.sent).toBe(5);
  });

  it("honours Retry-After in seconds", async () => {
    api.script.push({ status: 429, headers: { "Retry-After": "1" } });
    const sdk = client({ initialBackoffMs: 1 });
    sdk.log(entry(1));
    await sdk.flush();
    expect(api.requests).toHaveLength(2);
    expect(api.requests[1].at - api.requests[0].at).toBeGreaterThanOrEqual(990);
  });

  it("retries a request that times out", async () => {
    api.script.push("hang");
    const sdk = client({ timeoutMs: 200 });
    sdk.log(entry(1));
    await sdk.flush();
    expect(api.requests).toHaveLength(2);
    expect(api.requests[0].key).toBe(api.requests[1].key);
    expect(api.stored).toHaveLength(1);
  });

  it.each([400, 401, 403, 413, 422])("does not retry a %i and reports it through onError", async (status) => {
    const envelope = { error: { code: "bad", message: `refused with ${status}` } };
    api.script.push({ status, body: envelope });
    const sdk = client();
    sdk.log(entry(1));
    sdk.log(entry(2));
    await sdk.flush();
    expect(api.requests).toHaveLength(1);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ kind: "rejected", status, logs: 2, body: envelope });
    expect(errors[0].message).toContain(`refused with ${status}`);
    expect(sdk.stats).toMatchObject({ sent: 0, failed: 2, retries: 0, pending: 0 });
    // The next batch is not held back by the rejected one.
    sdk.log(entry(3));
    await sdk.flush();
    expect(api.stored.map((l) => l.prompt)).toEqual(["prompt 3"]);
  });

  it("gives up after maxRetries on network errors and reports it", async () => {
    const port = Number(new URL(api.url).port);
    await api.stop();
    const sdk = client({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 2, initialBackoffMs: 10 });
    sdk.log(entry(1));
    await sdk.flush();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ kind: "gave_up", logs: 1 });
    expect(errors[0].message).toContain("after 3 attempts");
    expect(sdk.stats).toMatchObject({ failed: 1, retries: 2 });
    api = await new FakeApi().start(); // for afterEach
  });
});

describe("bounded queue", () => {
  it("drops the oldest logs with a counter while the API is down, and delivers the rest when it is back", async () => {
    // The first batch keeps failing (0.4 s each) while 25 more logs arrive into a queue of 10.
    api.script.push(...Array.from({ length: 3 }, () => ({ status: 503, headers: { "Retry-After": "0.4" } })));
    const sdk = client({ maxBatchSize: 5, maxQueueSize: 10 });
    for (let i = 0; i < 5; i++) sdk.log(entry(i));
    await until(() => api.requests.length === 1, 2_000);
    for (let i = 5; i < 30; i++) sdk.log(entry(i));
    expect(sdk.stats).toMatchObject({ dropped: 15, pending: 15 });
    await sdk.flush();
    expect(api.stored.map((l) => l.prompt)).toEqual(
      [0, 1, 2, 3, 4, ...Array.from({ length: 10 }, (_, i) => 20 + i)].map((i) => `prompt ${i}`),
    );
    expect(errors.filter((e) => e.kind === "dropped").reduce((n, e) => n + e.logs, 0)).toBe(15);
    expect(sdk.stats).toMatchObject({ sent: 15, dropped: 15, failed: 0 });
  });
});

describe("flush and shutdown", () => {
  it("flush delivers everything queued at once, shutdown refuses later logs", async () => {
    const sdk = client({ flushIntervalMs: 60_000 });
    for (let i = 0; i < 130; i++) sdk.log(entry(i));
    const t = Date.now();
    await sdk.flush();
    expect(Date.now() - t).toBeLessThan(2_000);
    expect(api.stored).toHaveLength(130);
    sdk.log(entry(200));
    await sdk.shutdown();
    expect(api.stored).toHaveLength(131);
    sdk.log(entry(201));
    expect(errors.map((e) => e.kind)).toEqual(["invalid"]);
    await new Promise((r) => setTimeout(r, 100));
    expect(api.stored).toHaveLength(131);
  });

  it("a Node script that logs and exits without flushing still delivers (beforeExit), from the built dist", async () => {
    const dist = path.resolve(import.meta.dirname, "../dist/index.js");
    const code = `import { PromptSentry } from ${JSON.stringify(dist)};
const sdk = new PromptSentry({ apiKey: "pk_live_exit", baseUrl: ${JSON.stringify(api.url)} });
for (let i = 0; i < 3; i++) sdk.log({ prompt: "exit " + i, response: "r", model: "gpt-4" });`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", code], { stdio: ["ignore", "pipe", "pipe"] });
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    const exitCode = await new Promise<number | null>((r) => child.on("exit", r));
    expect(exitCode, err).toBe(0);
    expect(api.stored.map((l) => l.prompt)).toEqual(["exit 0", "exit 1", "exit 2"]);
  });
});

describe("backoff", () => {
  it("reads Retry-After as seconds or an HTTP date", () => {
    expect(retryAfterMs("3")).toBe(3_000);
    expect(retryAfterMs("0.5")).toBe(500);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterMs("Thu, 01 Jan 2026 00:00:10 GMT", now)).toBe(10_000);
    expect(retryAfterMs("soon")).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
  it("grows exponentially with jitter under the cap", () => {
    expect(backoffMs(0, 500, 30_000, () => 0)).toBe(125);
    expect(backoffMs(0, 500, 30_000, () => 1)).toBe(500);
    expect(backoffMs(3, 500, 30_000, () => 1)).toBe(4_000);
    expect(backoffMs(20, 500, 30_000, () => 1)).toBe(30_000);
  });
});
