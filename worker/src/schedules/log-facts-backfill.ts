// Copying logs stored before log_facts existed (migration 0014) into it: each minute, chunks on every
// data shard until the shard is done or the run's time budget is spent. Never one long statement (D1
// stops a query after 30 s). The cursor moves in the same transaction as the chunk's rows, and the
// copy is INSERT OR IGNORE, so a run that fails or overlaps another copies nothing twice. Until a
// shard is done its metrics read prompt_logs (metrics/run.ts), slower but complete.
import { sql } from "drizzle-orm";
import { LOG_FACTS_BACKFILL_BUDGET_MS, SEARCH_BACKFILL_CHUNK_ROWIDS } from "../../../schema/constants";
import { logFactsBackfillChunk } from "../../../schema/log-facts";
import type { Bindings, Db } from "../env";
import { allShards } from "../lib/shards";
import { runChunk } from "./chunk";

export type LogFactsBackfillReport = { chunks: number; remaining: number; complete: boolean };

/** Copies the shard's next chunk of remaining rowids and moves the cursor (one transaction); answers the rowids left. */
export async function copyNextFactsChunk(db: Db, chunkRowids = SEARCH_BACKFILL_CHUNK_ROWIDS): Promise<number> {
  return runChunk(db, logFactsBackfillChunk(chunkRowids));
}

/** Rowids the shard has still to copy (a read: an idle shard gets no write transaction). */
export async function factsLeft(db: Db): Promise<number> {
  const [row] = await db.all<{ left: number }>(
    sql.raw("SELECT coalesce((SELECT last_rowid - next_rowid + 1 FROM log_facts_backfill), 0) AS left"),
  );
  return row?.left ?? 0;
}

export async function backfillLogFacts(env: Bindings, budgetMs = LOG_FACTS_BACKFILL_BUDGET_MS): Promise<LogFactsBackfillReport> {
  const deadline = Date.now() + budgetMs;
  const report: LogFactsBackfillReport = { chunks: 0, remaining: 0, complete: true };
  for (const { data } of allShards(env)) {
    let left = await factsLeft(data);
    while (left > 0 && Date.now() < deadline) {
      left = await copyNextFactsChunk(data);
      report.chunks++;
    }
    report.remaining += left;
  }
  report.complete = report.remaining === 0;
  return report;
}
