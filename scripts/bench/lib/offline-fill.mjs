// Writes an organization's logs straight into its databases, with the product's own code and no stack:
// for bench:segments, where 5 million logs through POST /api/logs/batch (300–900 logs/s on a shared
// 2-core machine) would take hours. Every step is the worker's function, not a copy of it:
//   - the batch body's validation (logBatchBody), the organization context (ingestContext) and its
//     fingerprinter (orgFingerprinter), as the group commit reads them;
//   - each log's row (buildRow: detection, redaction, cost), its id stamped at its time by a
//     logIdStamper, its Idempotency-Key as a batch request stores it (storedIdempotencyKeys);
//     validation, rows and ids on `builders` threads (lib/offline-builders.mjs) while this one
//     writes, a few requests ahead, taken back in request order; a stamper per job of requests that
//     starts strictly later than the last, so the ids are those of one stamper over the whole fill,
//     and times, transactions and rollover are those of building the rows on this thread;
//   - the write (writeStatements: log rows, fingerprints, alert upserts, in one transaction; the daily
//     and hourly aggregates, log facts and the search queue are the schema's insert triggers), then
//     the queue's indexing as a committer runs it past its threshold (indexQueuedChunk);
//   - the target segment of each log by its time (segmentsOf, segmentAt), and rollover by the minute
//     schedule's rollSegments at the log's time (openNextSegment: the pool database and directory row).
// What differs from the API: no HTTP, Durable Object or quota, and a transaction holds up to FLUSH_LOGS
// logs of many times (a committer's flush holds the requests of one moment); the rows are the same.
import { tsImport } from "tsx/esm/api";
import { rowBuilders } from "./offline-builders.mjs";
import { logGenerator } from "./realistic-logs.mjs";

/** Logs a request carries (sendBatches' batches) and logs a transaction writes at most. */
export const REQUEST_LOGS = 100;
export const FLUSH_LOGS = 1_000;
/** Requests being built ahead of the write, per builder thread: enough to keep them busy while a flush writes. */
const AHEAD_PER_BUILDER = 8;

let product;
const load = async () => (product ??= await tsImport("./offline-product.mjs", import.meta.url));

/**
 * A writer of one organization's logs over `env` (D1Database-shaped bindings: DB, its home shard and
 * the pool, e.g. lib/d1-sqlite.mjs's d1Over on a stack's files). `budget`: rollover's size budget in
 * bytes (null: no rollover; `setBudget` later). `apiKeyId`: the key the logs are sent with.
 * `builders`: threads that build rows (0: this one). `close()` ends them.
 * @param {{ env: Record<string, any>, orgId: string, homeShard?: number, apiKeyId?: string | null, budget?: number | null, builders?: number }} options
 */
export async function offlineWriter({ env, orgId, homeShard = 0, apiKeyId = null, budget = null, builders = 0 }) {
  const p = await load();
  const control = p.createDb(env.DB);
  const home = p.createDb(env[p.DATA_SHARDS[homeShard]]);
  const dbs = { db: control, data: home };
  // The fingerprinter makes the organization's key when it redacts and has none: the context read after it holds the key.
  await p.orgFingerprinter(control, await p.ingestContext(dbs, orgId, new Date()));
  const ctx = await p.ingestContext(dbs, orgId, new Date());
  const builder = await rowBuilders({ count: builders, ctx, load });
  const stamper = p.logIdStamper();
  const opts = { apiKeyId, idempotencyKind: "batch" };
  let chain = await p.segmentsOf(env, control, orgId, homeShard, 0);
  /** Jobs' rows being built, in request order: per job, per request. */
  const ahead = [];
  /** The requests of the job not yet asked for, and its last log's time. */
  let gathering = null;
  let pending = [];
  let rolled = 0;
  /** The time of the last log written: the minute schedule's clock. */
  let lastWritten;

  function dispatch() {
    if (!gathering) return;
    const rows = builder.build(gathering.requests);
    rows.catch(() => {}); // its failure is thrown where it is taken, in order
    ahead.push(rows);
    gathering = null;
  }

  /** Takes the oldest job's rows, writing whenever a request leaves FLUSH_LOGS pending (as one flush per request would). */
  async function takeOne() {
    for (const request of await ahead.shift()) {
      pending.push(...request);
      if (pending.length >= FLUSH_LOGS) await write();
    }
  }

  /** Every request's rows taken and written. */
  async function flush() {
    dispatch();
    while (ahead.length) await takeOne();
    await write();
  }

  /** Writes the pending logs, each to the segment its time falls in, one transaction per segment run. */
  async function write() {
    let run = [];
    let target = null;
    const writeRun = async () => {
      if (!run.length) return;
      const { statements } = p.writeStatements(target.db, orgId, run, ctx.settings.criticalOnly);
      await target.db.batch(statements);
      while ((await p.indexQueuedChunk(target.db, p.INDEX_QUEUE_CHUNK_LOGS)) > 0);
      run = [];
    };
    for (const built of pending) {
      const s = p.segmentAt(chain, built.row.createdAt.getTime());
      if (s !== target) await writeRun();
      target = s;
      run.push(built);
    }
    await writeRun();
    lastWritten = pending.at(-1)?.row.createdAt.getTime() ?? lastWritten;
    pending = [];
    // The minute schedule, run at the time of the last log written: opens the next segment once the newest is past the budget.
    if (budget && lastWritten !== undefined) {
      const report = await p.rollSegments(env, control, lastWritten, budget);
      if (report.opened) {
        rolled += report.opened;
        chain = await p.segmentsOf(env, control, orgId, homeShard, lastWritten);
      }
    }
  }

  return {
    /**
     * Stores one request's logs (as POST /api/logs/batch gets them), log i at `times[i]` (ms,
     * ascending over every call), under the request's Idempotency-Key (or none).
     */
    async request(logs, times, idempotencyKey = null) {
      if (!logs.length) return;
      const keys = idempotencyKey ? p.storedIdempotencyKeys(idempotencyKey, "batch", logs.length) : null;
      const at = logs.map((_, i) => stamper.time(times[i]));
      // A job ends where time moves on: logs of one millisecond need one stamper (lib/offline-builders.mjs).
      if (gathering && at[0] > gathering.last) dispatch();
      gathering ??= { requests: [], last: 0 };
      gathering.requests.push({ logs, times: at, opts: { ...opts, idempotencyKey }, keys });
      gathering.last = at.at(-1);
      while (ahead.length > Math.max(1, builders) * AHEAD_PER_BUILDER) await takeOne();
      if (!builders) while (ahead.length) await takeOne();
    },
    flush,
    /** Sets the budget and runs the schedule at once (as the minute schedule would, a minute later). */
    async setBudget(bytes) {
      budget = bytes;
      await flush();
    },
    /** Segments opened by this writer's rollover so far. */
    rolled: () => rolled,
    /** Ends the builder threads (what is not flushed is not written). */
    close: () => builder.close(),
  };
}

/**
 * The fill's timeline: the time (ms) of the i-th of `total` logs, spread evenly and ascending over
 * `spanMs` from `startMs`, so each segment covers a contiguous span as on a real one.
 */
export const timeline =
  ({ total, startMs, spanMs }) =>
  (i) =>
    startMs + Math.floor((i * spanMs) / total);

/**
 * Logs `from` to `to` (exclusive) of a fill through `writer`, log i at `at(i)`, generated from a seed
 * of `from` (so a resumed fill writes what it would have), 100 a request under its own
 * Idempotency-Key, then flushed and `afterwards` run (e.g. a checkpoint). Answers the logs written a
 * second and the CPU milliseconds a log took on this thread and on all of them (the generator's start
 * not counted, `afterwards` counted).
 */
export async function writeRange(writer, { from, to, at, afterwards = () => {} }) {
  const generator = await logGenerator({ seed: 11 + from });
  const cpuMs = (u) => (u.user + u.system) / 1000;
  const started = { at: performance.now(), thread: process.threadCpuUsage(), all: process.cpuUsage() };
  for (let i = from; i < to; i += REQUEST_LOGS) {
    const n = Math.min(REQUEST_LOGS, to - i);
    const times = Array.from({ length: n }, (_, k) => at(i + k));
    await writer.request(generator.batch(n), times, crypto.randomUUID());
  }
  await writer.flush();
  await afterwards();
  const logs = to - from;
  return {
    perSecond: logs / ((performance.now() - started.at) / 1000),
    threadCpuMs: cpuMs(process.threadCpuUsage(started.thread)) / logs,
    cpuMs: cpuMs(process.cpuUsage(started.all)) / logs,
  };
}
