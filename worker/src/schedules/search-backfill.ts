// Indexing of logs the write did not index: a writer's leftovers in the queue (migration 0013), and
// the logs stored before the current search index existed (migration 0021): a database upgraded
// with logs in it records their rowids in search_trigrams_rebuild, and each minute this job indexes
// the next chunks into their organizations' blocks of prompt_logs_trigrams, until none are left
// (a database that had not finished 0015's rebuild of prompt_logs_search skips it: searches read
// prompt_logs_fts until the new index is complete). Never one long
// statement: D1 stops a query after 30 s. The cursor moves in the same transaction as the chunk's
// index entries, so a run that fails or overlaps another indexes nothing twice. Until it is done,
// searches read the index it replaces, which every write keeps current meanwhile (queries/search.ts).
import { sql } from "drizzle-orm";
import { SEARCH_BACKFILL_BUDGET_MS, SEARCH_BACKFILL_CHUNK_ROWIDS } from "@promptsentry/schema/constants/search";
import { rowidsLeft } from "@promptsentry/schema/rowid-backfill";
import { searchQueueIndex, trigramsRebuildChunk } from "@promptsentry/schema/search-backfill";
import type { Bindings, Db } from "../env";
import { logDatabases } from "../tenancy/log-databases";
import { type BackfillReport, drainChunks, runChunk } from "./chunk";

/** Indexes the shard's next chunk of remaining rowids into prompt_logs_trigrams and moves the cursor (one transaction); answers the rowids left. */
export async function indexNextChunk(db: Db, chunkRowids = SEARCH_BACKFILL_CHUNK_ROWIDS): Promise<number> {
  return runChunk(db, trigramsRebuildChunk(chunkRowids));
}

/**
 * Indexes the oldest `limit` logs of the shard's queue (migration 0013) and takes them out of it (one
 * transaction); answers how many are still queued. Every write of logs empties the queue itself, so
 * this only finds what a writer that does not (a hand-run INSERT, a script) left.
 */
export async function indexQueuedChunk(db: Db, limit = SEARCH_BACKFILL_CHUNK_ROWIDS): Promise<number> {
  return runChunk(db, [...searchQueueIndex(limit), "SELECT count(*) AS left FROM search_queue"]);
}

/** What a shard has left to index: queued logs, and rebuild rowids (a read, no transaction to write in). */
async function leftToIndex(db: Db): Promise<{ queued: number; backfill: number }> {
  const [row] = await db.all<{ queued: number; backfill: number }>(
    sql.raw(`SELECT (SELECT count(*) FROM search_queue) AS queued, ${rowidsLeft("search_trigrams_rebuild")} AS backfill`),
  );
  return row;
}

/**
 * Queued logs, then backfill chunks, on every database of logs (shards, live pool segments) until each is done or the run's time budget
 * is spent. A shard with nothing left (the usual case) costs one read: no write transaction each minute.
 */
export async function backfillSearchIndex(env: Bindings, control: Db, budgetMs = SEARCH_BACKFILL_BUDGET_MS): Promise<BackfillReport> {
  const deadline = Date.now() + budgetMs;
  const report: BackfillReport = { chunks: 0, remaining: 0, complete: true };
  for (const data of await logDatabases(env, control)) {
    const { queued, backfill } = await leftToIndex(data);
    await drainChunks(queued, () => indexQueuedChunk(data), deadline, report);
    await drainChunks(backfill, () => indexNextChunk(data), deadline, report);
  }
  return report;
}
