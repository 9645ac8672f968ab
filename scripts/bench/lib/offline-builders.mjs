// The offline fill's row building (validation and buildRow: detection, redaction, cost) and id
// stamping on other threads, so it runs beside the one thread that writes SQLite
// (lib/offline-fill.mjs) instead of taking turns with it. buildRow is pure but for the fingerprints'
// HMAC, so a thread needs only the organization's context (its settings carry the fingerprint key
// once orgFingerprinter has made it).
//
// Ids: a job is requests whose logs' times (already the writer's stamper.time) start strictly after
// the previous job's last log. Its own logIdStamper then makes exactly what the writer's one would:
// a monotonic ULID factory draws fresh randomness whenever the time moves forward and increments
// within one millisecond, so only logs of the same millisecond need the same factory, and they are
// always in one job.
import { availableParallelism } from "node:os";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

/** Threads that build rows by default: one per core (the writer mostly waits on them). */
export const DEFAULT_BUILDERS = availableParallelism();

/**
 * The rows of a job's requests, each request's as the batch route gets them ({ logs, times, opts,
 * keys }: log i at `times[i]` ms, its stored Idempotency-Key `keys[i]` or none), validated as the
 * route validates its body, built and stamped in order: one array of rows per request.
 */
async function buildJob(p, ctx, fp, requests) {
  const stamper = p.logIdStamper();
  const out = [];
  for (const { logs, times, opts, keys } of requests) {
    const inputs = p.valibot.parse(p.logBatchBody, { logs }).logs;
    const built = [];
    for (const [i, input] of inputs.entries())
      built.push(await p.buildRow(ctx, input, new Date(times[i]), opts, keys?.[i] ?? null, fp, stamper.id));
    out.push(built);
  }
  return out;
}

/**
 * Builds jobs' rows (buildJob): on `count` threads (0: on this one), each given `ctx` (ingestContext's
 * answer, read after orgFingerprinter so its settings hold the key). `build(requests)` answers that
 * job's rows; `close` ends the threads.
 */
export async function rowBuilders({ count, ctx, load }) {
  if (count === 0) {
    const p = await load();
    const fp = await p.orgFingerprinter(null, ctx);
    return { build: (requests) => buildJob(p, ctx, fp, requests), close: async () => {} };
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
    build: (requests) =>
      new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        threads[id % count].postMessage({ id, requests });
      }),
    close: () => Promise.all(threads.map((t) => t.terminate())),
  };
}

if (!isMainThread && workerData?.ctx) {
  const p = await tsImport("./offline-product.mjs", import.meta.url);
  const { ctx } = workerData;
  const fp = await p.orgFingerprinter(null, ctx);
  // One job at a time, in the order sent: the writer waits for the oldest, so it must finish first.
  let queue = Promise.resolve();
  parentPort.on("message", ({ id, requests }) => {
    queue = queue.then(async () => {
      try {
        parentPort.postMessage({ id, built: await buildJob(p, ctx, fp, requests) });
      } catch (error) {
        parentPort.postMessage({ id, error: String(error?.stack ?? error) });
      }
    });
  });
  parentPort.postMessage("ready");
}
