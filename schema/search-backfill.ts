// The statements that fill the search index outside the insert trigger, read by the worker and by
// the migrations' own tests on plain SQLite:
// - one chunk of the backfill of logs stored before the index existed (migration 0010; run by
//   worker/src/schedules/search-backfill.ts). They read the cursor themselves, so a chunk and its
//   cursor move are one transaction that two overlapping runs cannot both apply to the same rowids;
// - the indexing of queued logs (migration 0013) that ends every write of logs.
import { TENANT_SHIFT } from "./constants";

/** Index the next `chunkRowids` rowids, move the cursor, drop it when past the end; the last answers `left`. */
export const searchBackfillChunk = (chunkRowids: number): [string, string, string, string] => {
  if (!Number.isInteger(chunkRowids) || chunkRowids < 1) throw new Error("chunkRowids must be a positive integer");
  return [
    `INSERT INTO prompt_logs_fts (rowid, prompt, response)
     SELECT (t.tenant_no << ${TENANT_SHIFT}) + p.rowid, p.prompt, p.response
     FROM search_backfill b
     JOIN prompt_logs p ON p.rowid BETWEEN b.next_rowid AND min(b.next_rowid + ${chunkRowids} - 1, b.last_rowid)
     JOIN search_tenants t ON t.org_id = p.org_id`,
    `UPDATE search_backfill SET next_rowid = next_rowid + ${chunkRowids}`,
    "DELETE FROM search_backfill WHERE next_rowid > last_rowid",
    "SELECT last_rowid - next_rowid + 1 AS left FROM search_backfill",
  ];
};

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
