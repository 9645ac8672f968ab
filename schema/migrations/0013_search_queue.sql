-- Indexing a write's logs once, set-wise, at the end of its transaction (docs/data.md#search).
-- The insert trigger indexed each log with its own FTS5 insert, and FTS5 flushes what it has
-- collected at the end of every statement: each row became its own tiny index segment, which FTS5
-- then merged again and again. The same rows indexed by one INSERT ... SELECT per transaction go in
-- at 1.8× the rate (node:sqlite, 10,000 realistic logs in transactions of 100: 1,920 → 3,490 rows/s
-- with every trigger). So the insert trigger now only queues the log's rowid, and every writer of
-- logs ends its transaction with the statements of schema/search-backfill.ts that index the queue
-- and empty it (worker/src/ingestion/store-logs.ts): a log is in the index when its write commits,
-- as before. The minute schedule empties whatever a writer that does not do this left behind.
--
-- Each log is in exactly one place: indexed, queued (search_queue) or left to the backfill of
-- 0010 (search_backfill). Deleting a queued log takes it out of the queue instead of the index; an
-- update of a queued log changes nothing in the index (the queue indexes the text as it is then).
CREATE TABLE `search_queue` (
	`log_rowid` integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP TRIGGER `prompt_logs_search_after_insert`;
--> statement-breakpoint
DROP TRIGGER `prompt_logs_search_after_delete`;
--> statement-breakpoint
DROP TRIGGER `prompt_logs_search_after_update`;
--> statement-breakpoint
-- Every way a log is stored gets its organization a block first (no caller can forget it), and
-- records how late the log's timestamp is against the newest one stored before it. The log is
-- queued for indexing unless the backfill has still to reach its rowid.
CREATE TRIGGER `prompt_logs_search_after_insert` AFTER INSERT ON `prompt_logs` BEGIN
  INSERT INTO search_tenants (org_id, tenant_no, newest_at, late_ms)
  VALUES (new.org_id, coalesce((SELECT max(tenant_no) FROM search_tenants), 0) + 1, new.created_at, 0)
  ON CONFLICT (org_id) DO UPDATE SET
    late_ms = max(late_ms, newest_at - excluded.newest_at),
    newest_at = max(newest_at, excluded.newest_at)
  WHERE excluded.newest_at > newest_at OR newest_at - excluded.newest_at > late_ms;
  INSERT INTO search_queue (log_rowid)
  SELECT new.rowid
  WHERE NOT EXISTS (SELECT 1 FROM search_backfill WHERE new.rowid BETWEEN next_rowid AND last_rowid);
END;
--> statement-breakpoint
-- Deletion (metadata retention, delete-all, an organization deleted) and body purge (retention,
-- redaction backfill) take the old text out of the tenant's block if it is in the index, and a
-- queued log out of the queue.
CREATE TRIGGER `prompt_logs_search_after_delete` AFTER DELETE ON `prompt_logs` BEGIN
  INSERT INTO prompt_logs_fts (prompt_logs_fts, rowid, prompt, response)
  SELECT 'delete', ((SELECT tenant_no FROM search_tenants WHERE org_id = old.org_id) << 40) + old.rowid, old.prompt, old.response
  WHERE NOT EXISTS (SELECT 1 FROM search_queue WHERE log_rowid = old.rowid)
    AND NOT EXISTS (SELECT 1 FROM search_backfill WHERE old.rowid BETWEEN next_rowid AND last_rowid);
  DELETE FROM search_queue WHERE log_rowid = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `prompt_logs_search_after_update` AFTER UPDATE OF prompt, response ON `prompt_logs`
WHEN NOT EXISTS (SELECT 1 FROM search_queue WHERE log_rowid = old.rowid)
  AND NOT EXISTS (SELECT 1 FROM search_backfill WHERE old.rowid BETWEEN next_rowid AND last_rowid) BEGIN
  INSERT INTO prompt_logs_fts (prompt_logs_fts, rowid, prompt, response)
  VALUES ('delete', ((SELECT tenant_no FROM search_tenants WHERE org_id = old.org_id) << 40) + old.rowid, old.prompt, old.response);
  INSERT INTO prompt_logs_fts (rowid, prompt, response)
  VALUES (((SELECT tenant_no FROM search_tenants WHERE org_id = new.org_id) << 40) + new.rowid, new.prompt, new.response);
END;
