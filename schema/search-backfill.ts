// The statements that index queued logs (migration 0013) into the search index, read by the worker
// and by the migrations' own tests on plain SQLite: an organization's committer runs them after it
// answers (worker/src/ingestion/search-indexer.ts), shard moves and seeding at the end of their
// writes, and the minute schedule in chunks for whatever a writer left queued.
import { TENANT_SHIFT, TENANT_TOP } from "./constants/search";

/** A log's rowid in prompt_logs_trigrams, given its tenant's number and its prompt_logs rowid (SQL expressions). */
export const searchRowid = (tenantNo: string, logRowid: string) => `(${tenantNo} << ${TENANT_SHIFT}) + ${TENANT_TOP} - ${logRowid}`;

/**
 * Index the queued logs into their organizations' blocks of prompt_logs_trigrams, then empty the
 * queue (until then every search reads the queued logs' text itself). One INSERT ... SELECT for the whole queue, because FTS5 writes what it
 * collected at the end of each statement: indexed row by row, every log would become a segment of
 * its own. With `limit` (the minute schedule's chunks), the oldest `limit` queued logs only.
 */
export const searchQueueIndex = (limit?: number): string[] => {
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new Error("limit must be a positive integer");
  const queued = limit === undefined ? "search_queue" : `(SELECT log_rowid FROM search_queue ORDER BY log_rowid LIMIT ${limit})`;
  return [
    `INSERT INTO prompt_logs_trigrams (rowid, prompt, response)
     SELECT ${searchRowid("t.tenant_no", "p.rowid")}, p.prompt, p.response
     FROM ${queued} q
     JOIN prompt_logs p ON p.rowid = q.log_rowid
     JOIN search_tenants t ON t.org_id = p.org_id`,
    limit === undefined ? "DELETE FROM search_queue" : `DELETE FROM search_queue WHERE log_rowid IN ${queued}`,
  ];
};

/** Every queued log indexed, the queue emptied: what a writer runs to leave nothing queued. */
export const INDEX_QUEUED_LOGS = searchQueueIndex();
