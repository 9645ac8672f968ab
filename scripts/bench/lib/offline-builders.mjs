// The offline fill's row building (buildRow: detection, redaction, cost) on other threads, so it runs
// beside the one thread that writes SQLite (lib/offline-fill.mjs) instead of taking turns with it.
// buildRow is pure but for the fingerprints' HMAC, so a thread needs only the organization's context
// (its settings carry the fingerprint key once orgFingerprinter has made it). Rows come back without
// ids: the writer stamps them in order, so every id carries the time it would single-threaded.
import { availableParallelism } from "node:os";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

/** What buildRow writes as the id of a row whose id the writer stamps later (lib/offline-fill.mjs). */
export const UNSTAMPED = "";
const unstamped = () => UNSTAMPED;

/** Threads that build rows by default: one per core (the writer mostly waits on them). */
export const DEFAULT_BUILDERS = availableParallelism();

/**
 * The rows of one request's logs (validated here, as the batch route validates its body), log i at
 * `times[i]` (ms), its stored Idempotency-Key `keys[i]` (or none): what buildRow makes, in order,
 * ids left UNSTAMPED.
 */
async function buildAll(p, ctx, fp, { logs, times, opts, keys }) {
  const inputs = p.valibot.parse(p.logBatchBody, { logs }).logs;
  const built = [];
  for (const [i, input] of inputs.entries())
    built.push(await p.buildRow(ctx, input, new Date(times[i]), opts, keys?.[i] ?? null, fp, unstamped));
  return built;
}

/**
 * Builds requests' rows: on `count` threads (0: on this one), each given `ctx` (ingestContext's
 * answer, read after orgFingerprinter so its settings hold the key). `build` answers in the order of
 * the calls' promises' resolution per call, i.e. each call's own rows; `close` ends the threads.
 */
export async function rowBuilders({ count, ctx, load }) {
  if (count === 0) {
    const p = await load();
    const fp = await p.orgFingerprinter(null, ctx);
    return { build: (job) => buildAll(p, ctx, fp, job), close: async () => {} };
  }
  const threads = Array.from({ length: count }, () => new Worker(new URL(import.meta.url), { workerData: { ctx } }));
  // Ready once each has loaded the product (seconds of module loading a fill should not time).
  await Promise.all(
    threads.map(
      (t) =>
        new Promise((resolve, reject) => {
          t.once("message", resolve);
          t.once("error", reject);
        }),
    ),
  );
  const waiting = new Map();
  let next = 0;
  for (const t of threads) {
    t.on("message", ({ id, built, error }) => {
      const w = waiting.get(id);
      waiting.delete(id);
      if (error) w.reject(new Error(`a row builder failed: ${error}`));
      else w.resolve(built);
    });
    t.on("error", (error) => {
      for (const w of waiting.values()) w.reject(error);
      waiting.clear();
    });
  }
  return {
    build: (job) =>
      new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        threads[id % count].postMessage({ id, job });
      }),
    close: () => Promise.all(threads.map((t) => t.terminate())),
  };
}

if (!isMainThread && workerData?.ctx) {
  const p = await tsImport("./offline-product.mjs", import.meta.url);
  const { ctx } = workerData;
  const fp = await p.orgFingerprinter(null, ctx);
  // One request at a time, in the order sent: the writer waits for the oldest, so it must finish first.
  let queue = Promise.resolve();
  parentPort.on("message", ({ id, job }) => {
    queue = queue.then(async () => {
      try {
        parentPort.postMessage({ id, built: await buildAll(p, ctx, fp, job) });
      } catch (error) {
        parentPort.postMessage({ id, error: String(error?.stack ?? error) });
      }
    });
  });
  parentPort.postMessage("ready");
}
