// Indexing of the logs a writer left in the search queue (migration 0013). Every write of logs
// indexes and empties the queue itself (schema/search-backfill.ts); each minute this job indexes
// whatever a writer that does not (a hand-run INSERT, a script) left, in bounded chunks, never one
// long statement: D1 stops a query after 30 s. A chunk's index entries and its removal from the queue
// are one transaction, so a run that fails or overlaps another indexes nothing twice.
import { sql } from "drizzle-orm";
import { SEARCH_BACKFILL_BUDGET_MS, SEARCH_BACKFILL_CHUNK_ROWIDS } from "@promptsentry/schema/constants/search";
import { searchQueueIndex } from "@promptsentry/schema/search-backfill";
import type { Bindings, Db } from "../env";
import { logDatabases } from "../tenancy/log-databases";
import { type BackfillReport, drainChunks, runChunk } from "./chunk";

/**
 * Indexes the oldest `limit` logs of the database's queue and takes them out of it (one transaction);
 * answers how many are still queued.
 */
export async function indexQueuedChunk(db: Db, limit = SEARCH_BACKFILL_CHUNK_ROWIDS): Promise<number> {
  return runChunk(db, [...searchQueueIndex(limit), "SELECT count(*) AS left FROM search_queue"]);
}

/**
 * Queued logs on every database of logs (shards, live pool segments) until each is done or the run's
 * time budget is spent. A database with nothing queued (the usual case) costs one read: no write
 * transaction each minute.
 */
export async function backfillSearchIndex(env: Bindings, control: Db, budgetMs = SEARCH_BACKFILL_BUDGET_MS): Promise<BackfillReport> {
  const deadline = Date.now() + budgetMs;
  const report: BackfillReport = { chunks: 0, remaining: 0, complete: true };
  for (const data of await logDatabases(env, control)) {
    const [row] = await data.all<{ queued: number }>(sql`SELECT count(*) AS queued FROM search_queue`);
    await drainChunks(Number(row?.queued ?? 0), () => indexQueuedChunk(data), deadline, report);
  }
  return report;
}
