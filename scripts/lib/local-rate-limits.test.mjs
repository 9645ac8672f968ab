// The local runtime's in-memory rate limits (local-rate-limits.mjs): the counting, and the bindings
// as the product's worker on workerd sees them (run by `npm run test:schema`).
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { describe, expect, it } from "vitest";
import { FixedWindows } from "./fixed-window.mjs";
import { inMemoryRateLimits, RATE_LIMITS_ENTRY } from "./local-rate-limits.mjs";

describe("FixedWindows", () => {
  const minute = { namespace: "TRIAL", limit: 3, period: 60 };

  it("passes `limit` calls of a key within a window, then refuses until the next one", () => {
    const windows = new FixedWindows();
    const hit = (key, now) => windows.hit({ ...minute, key, now });
    expect([1, 2, 3, 4].map(() => hit("org-a", 60_000))).toEqual([true, true, true, false]);
    expect(hit("org-a", 119_999)).toBe(false);
    expect(hit("org-b", 119_999)).toBe(true);
    expect(hit("org-a", 120_000)).toBe(true);
  });

  it("counts each binding on its own and a weight as that many calls", () => {
    const windows = new FixedWindows();
    expect(windows.hit({ ...minute, key: "k", delta: 3, now: 0 })).toBe(true);
    expect(windows.hit({ ...minute, key: "k", now: 0 })).toBe(false);
    expect(windows.hit({ ...minute, namespace: "PRO", key: "k", now: 0 })).toBe(true);
  });

  it("drops the counters of passed windows", () => {
    const windows = new FixedWindows();
    for (const key of ["a", "b", "c"]) windows.hit({ ...minute, key, now: 0 });
    windows.hit({ ...minute, key: "a", now: 60_000 });
    expect(windows.size).toBe(1);
  });
});

describe("inMemoryRateLimits", () => {
  const modulesRoot = "/virtual/bundle";
  // The product: its fetch answers limit() of the binding and key asked; a Durable Object class and
  // the queue handler must survive the entry module put ahead of it.
  const product = {
    name: "product",
    compatibilityDate: "2025-01-01",
    modulesRoot,
    modules: [
      {
        type: "ESModule",
        path: `${modulesRoot}/index.js`,
        contents: `import { DurableObject } from "cloudflare:workers";
export class Counter extends DurableObject { hasLimits() { return "SMALL" in this.env; } }
export default {
  async fetch(request, env) {
    const { binding, key } = Object.fromEntries(new URL(request.url).searchParams);
    if (binding === "do") return Response.json(await env.COUNTER.get(env.COUNTER.idFromName("x")).hasLimits());
    return Response.json(await env[binding].limit({ key }));
  },
  queue() {},
};`,
      },
    ],
    durableObjects: { COUNTER: "Counter" },
    ratelimits: { SMALL: { simple: { limit: 2, period: 60 } }, LARGE: { simple: { limit: 5, period: 10 } } },
  };

  it("leaves a worker without rate limits alone", () => {
    const { ratelimits: _, ...plain } = product;
    expect(inMemoryRateLimits([plain])).toEqual([plain]);
  });

  it("puts the limits in the product's own isolate, ahead of its entry, with nothing else added", () => {
    const workers = inMemoryRateLimits([product]);
    expect(workers.map((w) => w.name)).toEqual(["product"]);
    expect(workers[0].ratelimits).toBeUndefined();
    expect(workers[0].modules.map((m) => m.path.split("/").pop())).toEqual([RATE_LIMITS_ENTRY, "index.js", "fixed-window.mjs"]);
  });

  it("answers limit() as the binding does, per binding and key, counted in one place", { timeout: 60_000 }, async () => {
    const mf = new Miniflare(convertV4MiniflareOptions({ workers: inMemoryRateLimits([product]) }));
    try {
      const get = async (binding, key) => (await mf.dispatchFetch(`http://x/?binding=${binding}&key=${key}`)).json();
      const limit = async (binding, key) => (await get(binding, key)).success;
      // Windows are aligned to the wall clock: stay inside one (as the worker's own test does).
      const into = 60_000 - (Date.now() % 60_000);
      if (into < 5_000) await new Promise((r) => setTimeout(r, into + 50));
      const burst = await Promise.all([1, 2, 3].map(() => limit("SMALL", "org-a")));
      expect(burst.filter(Boolean)).toHaveLength(2);
      expect(await limit("SMALL", "org-b")).toBe(true);
      expect(await limit("LARGE", "org-a")).toBe(true);
      // The product's other exports are its own: the Durable Object class runs (with workerd's env).
      expect(await get("do", "")).toBe(false);
    } finally {
      await mf.dispose();
    }
  });
});
