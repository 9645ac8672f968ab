// Writes an organization's logs straight into its databases, with the product's own code and no stack:
// for bench:segments, where 5 million logs through POST /api/logs/batch (300–900 logs/s on a shared
// 2-core machine) would take hours. Every step is the worker's function, not a copy of it:
//   - the batch body's validation (logBatchBody), the organization context (ingestContext) and its
//     fingerprinter (orgFingerprinter), as the group commit reads them;
//   - each log's row (buildRow: detection, redaction, cost), its id stamped at its time by a writer's
//     own logIdStamper, its Idempotency-Key as a batch request stores it (storedIdempotencyKeys);
//   - the write (writeStatements: log rows, fingerprints, alert upserts, in one transaction; the daily
//     and hourly aggregates, log facts and the search queue are the schema's insert triggers), then
//     the queue's indexing as a committer runs it past its threshold (indexQueuedChunk);
//   - the target segment of each log by its time (segmentsOf, segmentAt), and rollover by the minute
//     schedule's rollSegments at the log's time (openNextSegment: the pool database and directory row).
// What differs from the API: no HTTP, Durable Object or quota, and a transaction holds up to FLUSH_LOGS
// logs of many times (a committer's flush holds the requests of one moment); the rows are the same.
import { tsImport } from "tsx/esm/api";

/** Logs a request carries (sendBatches' batches) and logs a transaction writes at most. */
export const REQUEST_LOGS = 100;
export const FLUSH_LOGS = 1_000;

let product;
const load = async () => (product ??= await tsImport("./offline-product.mjs", import.meta.url));

/**
 * A writer of one organization's logs over `env` (D1Database-shaped bindings: DB, its home shard and
 * the pool, e.g. lib/d1-sqlite.mjs's d1Over on a stack's files). `budget`: rollover's size budget in
 * bytes (null: no rollover; `setBudget` later). `apiKeyId`: the key the logs are sent with.
 * @param {{ env: Record<string, any>, orgId: string, homeShard?: number, apiKeyId?: string | null, budget?: number | null }} options
 */
export async function offlineWriter({ env, orgId, homeShard = 0, apiKeyId = null, budget = null }) {
  const p = await load();
  const control = p.createDb(env.DB);
  const home = p.createDb(env[p.DATA_SHARDS[homeShard]]);
  const ctx = await p.ingestContext({ db: control, data: home }, orgId, new Date());
  const fp = await p.orgFingerprinter(control, ctx);
  const stamper = p.logIdStamper();
  const opts = { apiKeyId, idempotencyKind: "batch" };
  let chain = await p.segmentsOf(env, control, orgId, homeShard, 0);
  let pending = [];
  let rolled = 0;
  /** The time of the last log written: the minute schedule's clock. */
  let lastWritten;

  /** Writes the pending logs, each to the segment its time falls in, one transaction per segment run. */
  async function flush() {
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
      const inputs = p.valibot.parse(p.logBatchBody, { logs }).logs;
      const keys = idempotencyKey ? p.storedIdempotencyKeys(idempotencyKey, "batch", inputs.length) : null;
      for (const [i, input] of inputs.entries()) {
        const at = new Date(stamper.time(times[i]));
        pending.push(await p.buildRow(ctx, input, at, { ...opts, idempotencyKey }, keys?.[i] ?? null, fp, stamper.id));
      }
      if (pending.length >= FLUSH_LOGS) await flush();
    },
    flush,
    /** Sets the budget and runs the schedule at once (as the minute schedule would, a minute later). */
    async setBudget(bytes) {
      budget = bytes;
      await flush();
    },
    /** Segments opened by this writer's rollover so far. */
    rolled: () => rolled,
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
