// The statements that fill the search indexes outside the triggers, read by the worker and by the
// migrations' own tests on plain SQLite:
// - one chunk of the rebuild of prompt_logs_trigrams (migration 0021) from the logs stored before it
//   existed (run by worker/src/schedules/search-backfill.ts), a rowid backfill (rowid-backfill.ts);
// - the indexing of queued logs (migration 0013) that ends every write of logs.
import { TENANT_SHIFT, TENANT_TOP } from "./constants/search";
import { rowidBackfillChunk } from "./rowid-backfill";

/** A log's rowid in prompt_logs_trigrams and prompt_logs_search, given its tenant's number and its prompt_logs rowid (SQL expressions). */
export const searchRowid = (tenantNo: string, logRowid: string) => `(${tenantNo} << ${TENANT_SHIFT}) + ${TENANT_TOP} - ${logRowid}`;

/**
 * Index the next `chunkRowids` rowids into prompt_logs_trigrams, move the cursor, drop it when past
 * the end; the last answers `left`. A queued log is left to the queue, which indexes it once the
 * cursor has passed it (searchQueueIndex): each log goes in exactly once. Once it is complete, 0015's
 * rebuild of prompt_logs_search (on a database that had not finished it) is dropped too: searches
 * read prompt_logs_fts until then, and nothing reads either any more.
 */
export const trigramsRebuildChunk = (chunkRowids: number) => {
  const [fill, move, done, left] = rowidBackfillChunk(
    "search_trigrams_rebuild",
    chunkRowids,
    (chunkLogs) => `INSERT INTO prompt_logs_trigrams (rowid, prompt, response)
     SELECT ${searchRowid("t.tenant_no", "p.rowid")}, p.prompt, p.response
     FROM ${chunkLogs}
     JOIN search_tenants t ON t.org_id = p.org_id
     WHERE p.rowid NOT IN (SELECT log_rowid FROM search_queue)`,
  );
  return [fill, move, done, "DELETE FROM search_rebuild WHERE NOT EXISTS (SELECT 1 FROM search_trigrams_rebuild)", left];
};

/**
 * Index the queued logs into their organizations' blocks, then empty the queue: the last statements
 * of every transaction that stores logs, so the log is searchable when its write commits. One
 * INSERT ... SELECT per index for the whole queue, because FTS5 writes what it collected at the end
 * of each statement: indexed row by row, every log would become a segment of its own.
 * - prompt_logs_trigrams: every queued log its rebuild (search_trigrams_rebuild) has not still to reach;
 * - prompt_logs_search, only while that rebuild runs (searches read it until then): every queued log
 *   0015's rebuild (search_rebuild) has not still to reach;
 * - prompt_logs_fts, only while 0015's rebuild runs: every queued log 0010's backfill
 *   (search_backfill) has not still to reach.
 * Once the rebuilds are done the last two select nothing, at the cost of one read of an empty table each.
 * With `limit` (the minute schedule's chunks), the oldest `limit` queued logs only.
 */
export const searchQueueIndex = (limit?: number): string[] => {
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new Error("limit must be a positive integer");
  const queued = limit === undefined ? "search_queue" : `(SELECT log_rowid FROM search_queue ORDER BY log_rowid LIMIT ${limit})`;
  const queuedLogs = `FROM ${queued} q
     JOIN prompt_logs p ON p.rowid = q.log_rowid
     JOIN search_tenants t ON t.org_id = p.org_id`;
  return [
    `INSERT INTO prompt_logs_trigrams (rowid, prompt, response)
     SELECT ${searchRowid("t.tenant_no", "p.rowid")}, p.prompt, p.response
     ${queuedLogs}
     WHERE NOT EXISTS (SELECT 1 FROM search_trigrams_rebuild r WHERE q.log_rowid BETWEEN r.next_rowid AND r.last_rowid)`,
    `INSERT INTO prompt_logs_search (rowid, prompt, response)
     SELECT ${searchRowid("t.tenant_no", "p.rowid")}, p.prompt, p.response
     ${queuedLogs}
     WHERE EXISTS (SELECT 1 FROM search_trigrams_rebuild)
       AND NOT EXISTS (SELECT 1 FROM search_rebuild r WHERE q.log_rowid BETWEEN r.next_rowid AND r.last_rowid)`,
    `INSERT INTO prompt_logs_fts (rowid, prompt, response)
     SELECT (t.tenant_no << ${TENANT_SHIFT}) + p.rowid, p.prompt, p.response
     ${queuedLogs}
     WHERE EXISTS (SELECT 1 FROM search_rebuild)
       AND NOT EXISTS (SELECT 1 FROM search_backfill b WHERE q.log_rowid BETWEEN b.next_rowid AND b.last_rowid)`,
    limit === undefined ? "DELETE FROM search_queue" : `DELETE FROM search_queue WHERE log_rowid IN ${queued}`,
  ];
};

/** What ends every write of logs: every queued log indexed, the queue emptied. */
export const INDEX_QUEUED_LOGS = searchQueueIndex();
