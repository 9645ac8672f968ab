// The statements that fill the search index outside the insert trigger, read by the worker and by
// the migrations' own tests on plain SQLite:
// - one chunk of the backfill of logs stored before the index existed (migration 0010; run by
//   worker/src/schedules/search-backfill.ts), a rowid backfill (rowid-backfill.ts);
// - the indexing of queued logs (migration 0013) that ends every write of logs.
import { TENANT_SHIFT } from "./constants";
import { rowidBackfillChunk } from "./rowid-backfill";

/** Index the next `chunkRowids` rowids, move the cursor, drop it when past the end; the last answers `left`. */
export const searchBackfillChunk = (chunkRowids: number) =>
  rowidBackfillChunk(
    "search_backfill",
    chunkRowids,
    (chunkLogs) => `INSERT INTO prompt_logs_fts (rowid, prompt, response)
     SELECT (t.tenant_no << ${TENANT_SHIFT}) + p.rowid, p.prompt, p.response
     FROM ${chunkLogs}
     JOIN search_tenants t ON t.org_id = p.org_id`,
  );

/**
 * Index the queued logs (migration 0013) into their organizations' blocks, then empty the queue: the
 * last statements of every transaction that stores logs, so the log is searchable when its write
 * commits. One INSERT ... SELECT for the whole queue, because FTS5 writes what it collected at the end
 * of each statement: indexed row by row, every log would become a segment of its own. With `limit`
 * (the minute schedule's chunks), the oldest `limit` queued logs only.
 */
export const searchQueueIndex = (limit?: number): [string, string] => {
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new Error("limit must be a positive integer");
  const queued = limit === undefined ? "search_queue" : `(SELECT log_rowid FROM search_queue ORDER BY log_rowid LIMIT ${limit})`;
  return [
    `INSERT INTO prompt_logs_fts (rowid, prompt, response)
     SELECT (t.tenant_no << ${TENANT_SHIFT}) + p.rowid, p.prompt, p.response
     FROM ${queued} q
     JOIN prompt_logs p ON p.rowid = q.log_rowid
     JOIN search_tenants t ON t.org_id = p.org_id`,
    limit === undefined ? "DELETE FROM search_queue" : `DELETE FROM search_queue WHERE log_rowid IN ${queued}`,
  ];
};

/** What ends every write of logs: every queued log indexed, the queue emptied. */
export const INDEX_QUEUED_LOGS = searchQueueIndex();
