// The built SDK inside workerd (Cloudflare Workers' runtime, through Miniflare): a fetch handler
// logs, answers, and delivers with ctx.waitUntil(sentry.flush()), retrying a 503 under one key; a
// redirect is not followed there either.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { afterAll, beforeAll, expect, it } from "vitest";
import { FakeApi, until } from "./fake-api";

const dist = path.resolve(import.meta.dirname, "../dist");
let api: FakeApi;
let elsewhere: FakeApi;
let mf: Miniflare;

beforeAll(async () => {
  api = await new FakeApi().start();
  elsewhere = await new FakeApi().start();
  const worker = `import { PromptSentry } from "./index.js";
export default {
  async fetch(request, env, ctx) {
    const errors = [];
    const onError = (e) => errors.push({ kind: e.kind, status: e.status, logs: e.logs });
    const sentry = new PromptSentry({ apiKey: "pk_live_worker", baseUrl: env.API, initialBackoffMs: 10, onError });
    const params = new URL(request.url).searchParams;
    const n = Number(params.get("n"));
    for (let i = 0; i < n; i++) sentry.log({ prompt: "from workerd " + i, response: "ok", model: "gpt-4" });
    if (params.has("wait")) {
      await sentry.flush();
      return Response.json({ stats: sentry.stats, errors });
    }
    ctx.waitUntil(sentry.flush());
    return new Response("logged " + n);
  },
};`;
  const modules = [
    { type: "ESModule" as const, path: path.join(dist, "worker.js"), contents: worker },
    ...readdirSync(dist)
      .filter((f) => f.endsWith(".js"))
      .map((f) => ({ type: "ESModule" as const, path: path.join(dist, f), contents: readFileSync(path.join(dist, f), "utf8") })),
  ];
  mf = new Miniflare(
    convertV4MiniflareOptions({
      workers: [{ name: "sdk", modules, modulesRoot: dist, compatibilityDate: "2024-09-23", bindings: { API: api.url } }],
    }),
  );
  await mf.ready;
}, 60_000);
afterAll(async () => {
  await mf?.dispose();
  await api?.stop();
  await elsewhere?.stop();
});

it("logs from a Worker with ctx.waitUntil(sentry.flush()), retrying under one Idempotency-Key", async () => {
  api.script.push({ status: 503 });
  const res = await mf.dispatchFetch("http://worker/?n=3");
  expect(await res.text()).toBe("logged 3");
  await until(() => api.stored.length === 3, 10_000, "the worker's logs");
  expect(api.requests).toHaveLength(2);
  expect(api.requests[0].key).toBe(api.requests[1].key);
  expect(api.requests[0].auth).toBe("Bearer pk_live_worker");
  expect(api.stored.map((l) => l.prompt)).toEqual(["from workerd 0", "from workerd 1", "from workerd 2"]);
}, 60_000);

it("does not follow a 307 from inside workerd: the other server gets nothing, the batch is reported", async () => {
  api.script.push({ status: 307, headers: { Location: `${elsewhere.url}/collect` } });
  const before = api.requests.length;
  const res = await mf.dispatchFetch("http://worker/?n=2&wait=1");
  expect(await res.json()).toEqual({
    stats: { sent: 0, dropped: 0, failed: 2, retries: 0, pending: 0 },
    errors: [{ kind: "rejected", status: 307, logs: 2 }],
  });
  expect(api.requests.length - before).toBe(1);
  expect(elsewhere.requests).toEqual([]);
}, 60_000);
