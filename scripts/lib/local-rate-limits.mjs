// The rate limits of the local runtime (docs/performance.md#the-local-runtime-npm-start). Miniflare
// emulates a Workers Rate Limiting binding as a fetch into a Durable Object of its own that reads and
// writes SQLite on every `limit()`: half of a grouped single log's CPU. On Cloudflare the binding is a
// counter in memory, local to the machine that serves the request. `npm start` gives the product the
// same: each `[[ratelimits]]` binding becomes an object in the product's own isolate that counts in
// memory (fixed-window.mjs), with the same interface (`limit({ key })` → `{ success }`) and the same
// windows as Miniflare's (per key, aligned to the wall clock). No call leaves the isolate: a binding
// in another worker cost a cross-isolate RPC per ingestion request. workerd runs the product in one
// isolate, so every request of the process counts against one counter, as with Miniflare's single
// object; only a restart forgets the current window. The worker's code is unchanged: a generated entry
// module ahead of the product's hands its handlers an env holding these bindings.
import { readFileSync } from "node:fs";
import path from "node:path";

export const RATE_LIMITS_ENTRY = "local-rate-limits-entry.mjs";
const COUNTER_MODULE = "fixed-window.mjs";

/**
 * The entry module that adds the in-memory bindings `limits` (name → { limit, period }) to the env of
 * `entryFile`'s default handlers (fetch, queue, scheduled, …) and re-exports everything else of it
 * (Durable Object classes keep workerd's env: none of them rate-limits).
 * @param {string} entryFile
 * @param {Record<string, { limit: number, period: number }>} limits
 */
export function rateLimitsEntryModule(entryFile, limits) {
  return `import worker from "./${entryFile}";
import { FixedWindows } from "./${COUNTER_MODULE}";
export * from "./${entryFile}";
const windows = new FixedWindows();
const binding = (namespace, { limit, period }) => ({
  async limit(options) {
    const key = options?.key ?? "";
    if (typeof key !== "string") throw new TypeError(\`invalid key: \${key}\`);
    const delta = Math.trunc(Number(options?.delta ?? 1));
    if (!(delta >= 1)) throw new RangeError("delta must be a positive integer");
    return { success: windows.hit({ namespace, key, limit, period, delta }) };
  },
});
const limits = Object.fromEntries(Object.entries(${JSON.stringify(limits)}).map(([name, rule]) => [name, binding(name, rule)]));
// One env per workerd env object, so what the product keys by binding (its Drizzle clients) stays cached.
const envs = new WeakMap();
const withLimits = (env) => {
  let withThem = envs.get(env);
  if (!withThem) envs.set(env, (withThem = { ...env, ...limits }));
  return withThem;
};
export default Object.fromEntries(
  Object.entries(worker).map(([name, handler]) => [
    name,
    typeof handler === "function" ? (event, env, ctx) => handler.call(worker, event, withLimits(env), ctx) : handler,
  ]),
);
`;
}

/**
 * Returns `workers` with the product's (the first) rate-limit bindings replaced by in-memory ones in
 * its own isolate (an entry module ahead of its modules); unchanged when the product has none.
 * @param {Array<Record<string, any>>} workers
 */
export function inMemoryRateLimits(workers) {
  const [product, ...others] = workers;
  const limits = Object.entries(product.ratelimits ?? {});
  if (!limits.length) return workers;
  const { ratelimits: _emulated, modules, modulesRoot, ...rest } = product;
  const [entry, ...more] = modules;
  const module = (name, contents) => ({ type: "ESModule", path: path.join(modulesRoot, name), contents });
  const entryModule = module(
    RATE_LIMITS_ENTRY,
    rateLimitsEntryModule(
      path.basename(entry.path),
      Object.fromEntries(limits.map(([name, { simple }]) => [name, { limit: simple.limit, period: simple.period }])),
    ),
  );
  const counter = module(COUNTER_MODULE, readFileSync(path.join(import.meta.dirname, COUNTER_MODULE), "utf8"));
  return [{ ...rest, modulesRoot, modules: [entryModule, entry, ...more, counter] }, ...others];
}
