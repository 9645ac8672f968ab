// Copying logs stored before log_facts existed (migration 0014) into it: each minute, chunks on every
// database of logs (shards, live pool segments) until it is done or the run's time budget is spent.
// Never one long statement (D1 stops a query after 30 s). The cursor moves in the same transaction
// as the chunk's rows, and the copy is INSERT OR IGNORE, so a run that fails or overlaps another
// copies nothing twice. Until a database is done its metrics read prompt_logs (metrics/run.ts), slower but complete.
import { sql } from "drizzle-orm";
import { LOG_FACTS_BACKFILL_BUDGET_MS, SEARCH_BACKFILL_CHUNK_ROWIDS } from "@promptsentry/schema/constants/search";
import { logFactsBackfillChunk } from "@promptsentry/schema/log-facts";
import { rowidsLeft } from "@promptsentry/schema/rowid-backfill";
import type { Bindings, Db } from "../env";
import { logDatabases } from "../tenancy/log-databases";
import { type BackfillReport, drainChunks, runChunk } from "./chunk";

/** Copies the shard's next chunk of remaining rowids and moves the cursor (one transaction); answers the rowids left. */
export async function copyNextFactsChunk(db: Db, chunkRowids = SEARCH_BACKFILL_CHUNK_ROWIDS): Promise<number> {
  return runChunk(db, logFactsBackfillChunk(chunkRowids));
}

/** Rowids the shard has still to copy (a read: an idle shard gets no write transaction). */
export async function factsLeft(db: Db): Promise<number> {
  const [row] = await db.all<{ left: number }>(sql.raw(`SELECT ${rowidsLeft("log_facts_backfill")} AS left`));
  return row?.left ?? 0;
}

export async function backfillLogFacts(env: Bindings, control: Db, budgetMs = LOG_FACTS_BACKFILL_BUDGET_MS): Promise<BackfillReport> {
  const deadline = Date.now() + budgetMs;
  const report: BackfillReport = { chunks: 0, remaining: 0, complete: true };
  for (const data of await logDatabases(env, control))
    await drainChunks(await factsLeft(data), () => copyNextFactsChunk(data), deadline, report);
  return report;
}
