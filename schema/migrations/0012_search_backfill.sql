-- Databases that ran 0010 before it left the indexing of stored logs to a chunked backfill (they
-- indexed everything in the migration) get its table, empty (nothing left to index), and the
-- triggers that leave not-yet-indexed rows to it: the same as 0010's now. SQLite cannot alter a
-- trigger, so they are dropped and created again.
CREATE TABLE IF NOT EXISTS `search_backfill` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`next_rowid` integer NOT NULL,
	`last_rowid` integer NOT NULL
);
--> statement-breakpoint
DROP TRIGGER `prompt_logs_search_after_insert`;
--> statement-breakpoint
DROP TRIGGER `prompt_logs_search_after_delete`;
--> statement-breakpoint
DROP TRIGGER `prompt_logs_search_after_update`;
--> statement-breakpoint
-- Every way a log is stored gets its organization a block first (no caller can forget it), and
-- records how late the log's timestamp is against the newest one stored before it. A rowid the
-- backfill has still to reach (search_backfill) is left to it.
CREATE TRIGGER `prompt_logs_search_after_insert` AFTER INSERT ON `prompt_logs` BEGIN
  INSERT INTO search_tenants (org_id, tenant_no, newest_at, late_ms)
  VALUES (new.org_id, coalesce((SELECT max(tenant_no) FROM search_tenants), 0) + 1, new.created_at, 0)
  ON CONFLICT (org_id) DO UPDATE SET
    late_ms = max(late_ms, newest_at - excluded.newest_at),
    newest_at = max(newest_at, excluded.newest_at)
  WHERE excluded.newest_at > newest_at OR newest_at - excluded.newest_at > late_ms;
  INSERT INTO prompt_logs_fts (rowid, prompt, response)
  SELECT ((SELECT tenant_no FROM search_tenants WHERE org_id = new.org_id) << 40) + new.rowid, new.prompt, new.response
  WHERE NOT EXISTS (SELECT 1 FROM search_backfill WHERE new.rowid BETWEEN next_rowid AND last_rowid);
END;
--> statement-breakpoint
-- Deletion (metadata retention, delete-all, an organization deleted) and body purge (retention,
-- redaction backfill) take the old text out of the tenant's block, if it is in the index yet.
CREATE TRIGGER `prompt_logs_search_after_delete` AFTER DELETE ON `prompt_logs`
WHEN NOT EXISTS (SELECT 1 FROM search_backfill WHERE old.rowid BETWEEN next_rowid AND last_rowid) BEGIN
  INSERT INTO prompt_logs_fts (prompt_logs_fts, rowid, prompt, response)
  VALUES ('delete', ((SELECT tenant_no FROM search_tenants WHERE org_id = old.org_id) << 40) + old.rowid, old.prompt, old.response);
END;
--> statement-breakpoint
CREATE TRIGGER `prompt_logs_search_after_update` AFTER UPDATE OF prompt, response ON `prompt_logs`
WHEN NOT EXISTS (SELECT 1 FROM search_backfill WHERE old.rowid BETWEEN next_rowid AND last_rowid) BEGIN
  INSERT INTO prompt_logs_fts (prompt_logs_fts, rowid, prompt, response)
  VALUES ('delete', ((SELECT tenant_no FROM search_tenants WHERE org_id = old.org_id) << 40) + old.rowid, old.prompt, old.response);
  INSERT INTO prompt_logs_fts (rowid, prompt, response)
  VALUES (((SELECT tenant_no FROM search_tenants WHERE org_id = new.org_id) << 40) + new.rowid, new.prompt, new.response);
END;
