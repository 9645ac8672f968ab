-- A search index a seventh the size (docs/data.md#index-size). prompt_logs_search keeps every
-- trigram's positions (detail=full): 2.78× the text it indexes. prompt_logs_trigrams keeps only
-- which logs hold each trigram (detail=none): 0.37× on the same logs, and it is written 1.4× faster.
-- Without positions FTS5 answers no phrase, so a search asks a term's trigrams ANDed and checks each
-- candidate on the stored log (worker/src/queries/search-terms.ts). Same rowid layout as 0015:
-- (tenant_no << 40) + 2^40 - 1 - prompt_logs.rowid, each organization's block newest first ascending.
CREATE VIRTUAL TABLE `prompt_logs_trigrams` USING fts5(
  prompt,
  response,
  content='',
  detail=none,
  tokenize='trigram remove_diacritics 1'
);
--> statement-breakpoint
-- The logs already stored are indexed into prompt_logs_trigrams by the minute schedule, in bounded
-- chunks (worker/src/schedules/search-backfill.ts): search_trigrams_rebuild holds the rowids still to
-- do (no row: complete; a database with no logs starts complete). Until then searches read the index
-- they read before (prompt_logs_search, or prompt_logs_fts while 0015's rebuild runs), which every
-- write keeps current meanwhile; once complete, neither is read nor written.
CREATE TABLE `search_trigrams_rebuild` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`next_rowid` integer NOT NULL,
	`last_rowid` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `search_trigrams_rebuild` (`id`, `next_rowid`, `last_rowid`)
SELECT 1, min(rowid), max(rowid) FROM `prompt_logs` HAVING count(*) > 0;
--> statement-breakpoint
-- A database still rebuilding 0015's prompt_logs_search leaves it: its searches read prompt_logs_fts
-- until prompt_logs_trigrams is complete (the rebuild's last chunk drops search_rebuild), and with no
-- logs left there is nothing to rebuild.
DELETE FROM `search_rebuild` WHERE NOT EXISTS (SELECT 1 FROM `search_trigrams_rebuild`);
--> statement-breakpoint
DROP TRIGGER `prompt_logs_search_after_delete`;
--> statement-breakpoint
DROP TRIGGER `prompt_logs_search_after_update`;
--> statement-breakpoint
-- The insert trigger stays 0015's (it queues the log). A log is in prompt_logs_trigrams unless it is
-- queued or its rebuild has still to reach it; in prompt_logs_search (kept only while that rebuild
-- runs) unless it is queued or 0015's rebuild has still to reach it; in prompt_logs_fts (kept only
-- while 0015's rebuild runs) unless it is queued or 0010's backfill has still to reach it. Deletion
-- and body purge take the exact old text out of whichever holds it, as a contentless index needs.
CREATE TRIGGER `prompt_logs_search_after_delete` AFTER DELETE ON `prompt_logs` BEGIN
  INSERT INTO prompt_logs_trigrams (prompt_logs_trigrams, rowid, prompt, response)
  SELECT 'delete', (t.tenant_no << 40) + 1099511627775 - old.rowid, old.prompt, old.response
  FROM search_tenants t WHERE t.org_id = old.org_id
    AND NOT EXISTS (SELECT 1 FROM search_queue WHERE log_rowid = old.rowid)
    AND NOT EXISTS (SELECT 1 FROM search_trigrams_rebuild WHERE old.rowid BETWEEN next_rowid AND last_rowid);
  INSERT INTO prompt_logs_search (prompt_logs_search, rowid, prompt, response)
  SELECT 'delete', (t.tenant_no << 40) + 1099511627775 - old.rowid, old.prompt, old.response
  FROM search_tenants t WHERE t.org_id = old.org_id
    AND EXISTS (SELECT 1 FROM search_trigrams_rebuild)
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
  INSERT INTO prompt_logs_trigrams (prompt_logs_trigrams, rowid, prompt, response)
  SELECT 'delete', (t.tenant_no << 40) + 1099511627775 - old.rowid, old.prompt, old.response
  FROM search_tenants t WHERE t.org_id = old.org_id
    AND NOT EXISTS (SELECT 1 FROM search_queue WHERE log_rowid = old.rowid)
    AND NOT EXISTS (SELECT 1 FROM search_trigrams_rebuild WHERE old.rowid BETWEEN next_rowid AND last_rowid);
  INSERT INTO prompt_logs_trigrams (rowid, prompt, response)
  SELECT (t.tenant_no << 40) + 1099511627775 - new.rowid, new.prompt, new.response
  FROM search_tenants t WHERE t.org_id = new.org_id
    AND NOT EXISTS (SELECT 1 FROM search_queue WHERE log_rowid = new.rowid)
    AND NOT EXISTS (SELECT 1 FROM search_trigrams_rebuild WHERE new.rowid BETWEEN next_rowid AND last_rowid);
  INSERT INTO prompt_logs_search (prompt_logs_search, rowid, prompt, response)
  SELECT 'delete', (t.tenant_no << 40) + 1099511627775 - old.rowid, old.prompt, old.response
  FROM search_tenants t WHERE t.org_id = old.org_id
    AND EXISTS (SELECT 1 FROM search_trigrams_rebuild)
    AND NOT EXISTS (SELECT 1 FROM search_queue WHERE log_rowid = old.rowid)
    AND NOT EXISTS (SELECT 1 FROM search_rebuild WHERE old.rowid BETWEEN next_rowid AND last_rowid);
  INSERT INTO prompt_logs_search (rowid, prompt, response)
  SELECT (t.tenant_no << 40) + 1099511627775 - new.rowid, new.prompt, new.response
  FROM search_tenants t WHERE t.org_id = new.org_id
    AND EXISTS (SELECT 1 FROM search_trigrams_rebuild)
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
