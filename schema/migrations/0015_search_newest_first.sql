-- Newest first is ascending in the search index (docs/data.md#search, docs/performance.md).
-- A search reads an organization's matches newest-stored first. In prompt_logs_fts (migration 0010)
-- that was `ORDER BY rowid DESC` over the organization's block, and FTS5's descending scan pays for
-- every entry stored above its upper bound: with ten organizations of 100,000 logs in one shard, the
-- lowest block's search took 7.00 ms against 0.34 ms ascending (0.43 ms for the organization alone).
-- prompt_logs_search gives a log the index rowid (tenant_no << 40) + (2^40 - 1 - prompt_logs.rowid),
-- so the newest log of a block has its lowest rowid and a search scans forwards, where FTS5 seeks.
CREATE VIRTUAL TABLE `prompt_logs_search` USING fts5(
  prompt,
  response,
  content='',
  tokenize='trigram remove_diacritics 1'
);
--> statement-breakpoint
-- The logs already stored are indexed into prompt_logs_search by the minute schedule, in bounded
-- chunks (worker/src/schedules/search-backfill.ts): search_rebuild holds the rowids still to do
-- (no row: the new index is complete). Until then searches keep reading prompt_logs_fts, which
-- every write keeps up to date meanwhile, so no search misses a log during the rebuild; once it is
-- complete, prompt_logs_fts is neither read nor written (a later migration drops it).
CREATE TABLE `search_rebuild` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`next_rowid` integer NOT NULL,
	`last_rowid` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `search_rebuild` (`id`, `next_rowid`, `last_rowid`)
SELECT 1, min(rowid), max(rowid) FROM `prompt_logs` HAVING count(*) > 0;
--> statement-breakpoint
DROP TRIGGER `prompt_logs_search_after_insert`;
--> statement-breakpoint
DROP TRIGGER `prompt_logs_search_after_delete`;
--> statement-breakpoint
DROP TRIGGER `prompt_logs_search_after_update`;
--> statement-breakpoint
-- Every log is queued; the statements that end its write (schema/search-backfill.ts) index it into
-- prompt_logs_search unless the rebuild has still to reach it, and into prompt_logs_fts while the
-- rebuild runs unless 0010's backfill has still to reach it.
CREATE TRIGGER `prompt_logs_search_after_insert` AFTER INSERT ON `prompt_logs` BEGIN
  INSERT INTO search_tenants (org_id, tenant_no, newest_at, late_ms)
  VALUES (new.org_id, coalesce((SELECT max(tenant_no) FROM search_tenants), 0) + 1, new.created_at, 0)
  ON CONFLICT (org_id) DO UPDATE SET
    late_ms = max(late_ms, newest_at - excluded.newest_at),
    newest_at = max(newest_at, excluded.newest_at)
  WHERE excluded.newest_at > newest_at OR newest_at - excluded.newest_at > late_ms;
  INSERT INTO search_queue (log_rowid) VALUES (new.rowid);
END;
--> statement-breakpoint
-- A log is in prompt_logs_search unless it is queued or the rebuild has still to reach it; in
-- prompt_logs_fts (kept only while the rebuild runs) unless it is queued or 0010's backfill has
-- still to reach it. Deletion and body purge take the old text out of whichever holds it.
CREATE TRIGGER `prompt_logs_search_after_delete` AFTER DELETE ON `prompt_logs` BEGIN
  INSERT INTO prompt_logs_search (prompt_logs_search, rowid, prompt, response)
  SELECT 'delete', (t.tenant_no << 40) + 1099511627775 - old.rowid, old.prompt, old.response
  FROM search_tenants t WHERE t.org_id = old.org_id
    AND NOT EXISTS (SELECT 1 FROM search_queue WHERE log_rowid = old.rowid)
    AND NOT EXISTS (SELECT 1 FROM search_rebuild WHERE old.rowid BETWEEN next_rowid AND last_rowid);
  INSERT INTO prompt_logs_fts (prompt_logs_fts, rowid, prompt, response)
  SELECT 'delete', (t.tenant_no << 40) + old.rowid, old.prompt, old.response
  FROM search_tenants t WHERE t.org_id = old.org_id
    AND EXISTS (SELECT 1 FROM search_rebuild)
    AND NOT EXISTS (SELECT 1 FROM search_queue WHERE log_rowid = old.rowid)
    AND NOT EXISTS (SELECT 1 FROM search_backfill WHERE old.rowid BETWEEN next_rowid AND last_rowid);
  DELETE FROM search_queue WHERE log_rowid = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `prompt_logs_search_after_update` AFTER UPDATE OF prompt, response ON `prompt_logs` BEGIN
  INSERT INTO prompt_logs_search (prompt_logs_search, rowid, prompt, response)
  SELECT 'delete', (t.tenant_no << 40) + 1099511627775 - old.rowid, old.prompt, old.response
  FROM search_tenants t WHERE t.org_id = old.org_id
    AND NOT EXISTS (SELECT 1 FROM search_queue WHERE log_rowid = old.rowid)
    AND NOT EXISTS (SELECT 1 FROM search_rebuild WHERE old.rowid BETWEEN next_rowid AND last_rowid);
  INSERT INTO prompt_logs_search (rowid, prompt, response)
  SELECT (t.tenant_no << 40) + 1099511627775 - new.rowid, new.prompt, new.response
  FROM search_tenants t WHERE t.org_id = new.org_id
    AND NOT EXISTS (SELECT 1 FROM search_queue WHERE log_rowid = new.rowid)
    AND NOT EXISTS (SELECT 1 FROM search_rebuild WHERE new.rowid BETWEEN next_rowid AND last_rowid);
  INSERT INTO prompt_logs_fts (prompt_logs_fts, rowid, prompt, response)
  SELECT 'delete', (t.tenant_no << 40) + old.rowid, old.prompt, old.response
  FROM search_tenants t WHERE t.org_id = old.org_id
    AND EXISTS (SELECT 1 FROM search_rebuild)
    AND NOT EXISTS (SELECT 1 FROM search_queue WHERE log_rowid = old.rowid)
    AND NOT EXISTS (SELECT 1 FROM search_backfill WHERE old.rowid BETWEEN next_rowid AND last_rowid);
  INSERT INTO prompt_logs_fts (rowid, prompt, response)
  SELECT (t.tenant_no << 40) + new.rowid, new.prompt, new.response
  FROM search_tenants t WHERE t.org_id = new.org_id
    AND EXISTS (SELECT 1 FROM search_rebuild)
    AND NOT EXISTS (SELECT 1 FROM search_queue WHERE log_rowid = new.rowid)
    AND NOT EXISTS (SELECT 1 FROM search_backfill WHERE new.rowid BETWEEN next_rowid AND last_rowid);
END;
