// The statements of one chunk of the search index backfill (migration 0010; run by
// worker/src/schedules/search-backfill.ts, and by the migration's own test on plain SQLite). They
// read the cursor themselves, so a chunk and its cursor move are one transaction that two
// overlapping runs cannot both apply to the same rowids.
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
