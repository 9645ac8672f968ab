// The narrow copy of a log's non-text columns that custom metrics read (migration 0014_log_facts,
// worker/src/metrics/run.ts): the columns, and the statements of one chunk of the backfill of logs
// stored before the table existed, read by the worker's minute schedule and by the migration's test
// on plain SQLite (a rowid backfill like the search index's: rowid-backfill.ts).
import { rowidBackfillChunk } from "./rowid-backfill";

/** The columns of a custom metric's `logs` relation, in its order (worker/src/metrics/run.ts). */
export const LOGS_COLUMNS = [
  "id",
  "created_at",
  "model",
  "user_id",
  "session_id",
  "prompt",
  "response",
  "token_count",
  "estimated_cost",
  "latency_ms",
  "source",
  "flag_status",
  "flag_reasons",
  "metadata",
] as const;

/** The columns of `logs` that log_facts does not hold. */
export const LOGS_TEXT_COLUMNS: readonly string[] = ["prompt", "response", "metadata"];

/** The columns of `logs` that log_facts holds: everything a metric may read but the texts. */
export const LOG_FACT_COLUMNS = LOGS_COLUMNS.filter((c) => !LOGS_TEXT_COLUMNS.includes(c));

/** Copy the next `chunkRowids` rowids, move the cursor, drop it when past the end; the last answers `left`. */
export const logFactsBackfillChunk = (chunkRowids: number) => {
  const columns = ["org_id", ...LOG_FACT_COLUMNS];
  return rowidBackfillChunk(
    "log_facts_backfill",
    chunkRowids,
    (chunkLogs) => `INSERT OR IGNORE INTO log_facts (log_rowid, ${columns.join(", ")})
     SELECT p.rowid, ${columns.map((c) => `p.${c}`).join(", ")}
     FROM ${chunkLogs}`,
  );
};
