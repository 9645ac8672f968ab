// The rate limits of the local runtime (docs/performance.md#the-local-runtime-npm-start). Miniflare
// emulates a Workers Rate Limiting binding as a fetch into a Durable Object of its own that reads and
// writes SQLite on every `limit()`: half of a grouped single log's CPU. On Cloudflare the binding is a
// counter in memory. `npm start` gives the product the same: each `[[ratelimits]]` binding becomes a
// service binding to one small worker (rate-limit-worker.mjs) that counts in memory, with the same
// interface (`limit({ key })` → `{ success }`) and the same windows as Miniflare's (per key, aligned
// to the wall clock). workerd runs that worker in one isolate, so every request of the process counts
// against one counter, as with Miniflare's single object; only a restart forgets the current window.
import path from "node:path";

export const RATE_LIMIT_WORKER = "promptsentry-rate-limits";

/**
 * Returns `workers` with the product's (the first) rate-limit bindings moved to the in-memory limiter
 * worker, added last; unchanged when the product has none.
 * @param {Array<Record<string, any>>} workers
 * @param {string} [compatibilityDate]
 */
export function inMemoryRateLimits(workers, compatibilityDate = workers[0].compatibilityDate) {
  const [product, ...others] = workers;
  const limits = Object.entries(product.ratelimits ?? {});
  if (!limits.length) return workers;
  const bindings = Object.fromEntries(
    limits.map(([name, { simple }]) => [
      name,
      { name: RATE_LIMIT_WORKER, entrypoint: "RateLimit", props: { name, limit: simple.limit, period: simple.period } },
    ]),
  );
  const { ratelimits: _emulated, ...rest } = product;
  const dir = import.meta.dirname;
  const limiter = {
    name: RATE_LIMIT_WORKER,
    compatibilityDate,
    modulesRoot: dir,
    modules: ["rate-limit-worker.mjs", "fixed-window.mjs"].map((f) => ({ type: "ESModule", path: path.join(dir, f) })),
  };
  return [{ ...rest, serviceBindings: { ...rest.serviceBindings, ...bindings } }, ...others, limiter];
}
