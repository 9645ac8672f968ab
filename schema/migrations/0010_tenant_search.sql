-- Search that scales with the tenant (docs/data.md#search). The FTS index was one rowid
-- space shared by every organization, so a search collected every tenant's matches. Now each
-- organization owns a contiguous block of FTS rowids, (tenant_no << 40) + prompt_logs.rowid: a
-- search passes `rowid BETWEEN` its block to FTS5, which seeks within the doclists and never reads
-- another tenant's entries, and `ORDER BY rowid DESC` streams the tenant's matches newest-stored
-- first so a page stops early.
--
-- search_tenants lives with the logs (any database that holds logs has it; it names no other table).
-- tenant_no is never reused. newest_at / late_ms record how far out of time order the tenant's logs
-- were stored (a log stamped late_ms before one already stored): every log stored before row r has
-- created_at <= created_at(r) + late_ms, which is what lets a newest-first page by created_at stop
-- early while streaming in rowid order (worker/src/queries/search.ts).
CREATE TABLE `search_tenants` (
	`org_id` text PRIMARY KEY NOT NULL,
	`tenant_no` integer NOT NULL,
	`newest_at` integer NOT NULL,
	`late_ms` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `search_tenants_no` ON `search_tenants` (`tenant_no`);
--> statement-breakpoint
-- Organizations with logs, numbered in the order they first stored one; late_ms from the logs as stored.
INSERT INTO `search_tenants` (`org_id`, `tenant_no`, `newest_at`, `late_ms`)
SELECT org_id, row_number() OVER (ORDER BY first_row), newest, late
FROM (
  SELECT org_id, min(rowid) AS first_row, max(created_at) AS newest, max(0, coalesce(max(stored_before - created_at), 0)) AS late
  FROM (
    SELECT org_id, rowid, created_at,
      max(created_at) OVER (PARTITION BY org_id ORDER BY rowid ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS stored_before
    FROM `prompt_logs`
  )
  GROUP BY org_id
);
--> statement-breakpoint
DROP TRIGGER `prompt_logs_after_delete`;
--> statement-breakpoint
DROP TRIGGER `prompt_logs_after_update`;
--> statement-breakpoint
-- 0001's insert trigger, the same aggregates without the index line (the index has its own triggers below).
DROP TRIGGER `prompt_logs_after_insert`;
--> statement-breakpoint
CREATE TRIGGER `prompt_logs_after_insert` AFTER INSERT ON `prompt_logs` BEGIN
  INSERT INTO daily_usage (org_id, day, model, total, safe, warning, critical, tokens, cost, latency_sum, latency_count)
  VALUES (
    new.org_id,
    strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'),
    new.model,
    1,
    new.flag_status = 'safe',
    new.flag_status = 'warning',
    new.flag_status = 'critical',
    coalesce(new.token_count, 0),
    coalesce(new.estimated_cost, 0),
    coalesce(new.latency_ms, 0),
    new.latency_ms IS NOT NULL
  )
  ON CONFLICT (org_id, day, model) DO UPDATE SET
    total = total + 1,
    safe = safe + excluded.safe,
    warning = warning + excluded.warning,
    critical = critical + excluded.critical,
    tokens = tokens + excluded.tokens,
    cost = cost + excluded.cost,
    latency_sum = latency_sum + excluded.latency_sum,
    latency_count = latency_count + excluded.latency_count;
  INSERT OR IGNORE INTO daily_active_users (org_id, day, user_id)
  SELECT new.org_id, strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), new.user_id
  WHERE new.user_id IS NOT NULL AND new.user_id <> '';
END;
--> statement-breakpoint
-- Contentless: the text is in prompt_logs; the index only has to answer which rowids match. A
-- contentless index forgets an entry given the exact text it indexed, which the triggers pass.
DROP TABLE `prompt_logs_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `prompt_logs_fts` USING fts5(
  prompt,
  response,
  content='',
  tokenize='trigram remove_diacritics 1'
);
--> statement-breakpoint
-- The logs already stored are indexed afterwards, in bounded chunks, by the minute schedule
-- (worker/src/schedules/search-backfill.ts), not here: D1 stops a query after 30 s, and indexing a
-- big database in one statement takes far longer (300,000 logs: 18 minutes on the benchmark machine).
-- search_backfill holds the rowids still to index, next_rowid..last_rowid (no row: nothing left);
-- the triggers below leave those rows to the backfill, so no log is indexed twice or "deleted" from
-- the index before it is in it (which would corrupt a contentless index).
CREATE TABLE `search_backfill` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`next_rowid` integer NOT NULL,
	`last_rowid` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `search_backfill` (`id`, `next_rowid`, `last_rowid`)
SELECT 1, min(rowid), max(rowid) FROM `prompt_logs` HAVING count(*) > 0;
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
