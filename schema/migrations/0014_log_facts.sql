-- The columns of a log that custom metrics read, without its texts (docs/data.md, custom metrics;
-- worker/src/metrics/run.ts). A metric's `logs` is the organization's last 30 days; read from
-- prompt_logs that is a lookup of each log's row, which for a big tenant means one random page read
-- per log (a 1,000,000-log organization: 37 s for "GPT-4 share of prompts", holding the shard's
-- writer). log_facts holds those columns in rows of about 150 bytes, stored in (org_id, created_at)
-- order (WITHOUT ROWID: the key is the table, so an organization's window is one sequential range
-- with every column, no lookup per row; 200,000 logs: 49 ms cold against 546 ms with a rowid table
-- and an index), so a metric that reads no text reads only these. Triggers keep it in step with
-- every way a log is stored, changed or deleted; a covering index on prompt_logs would have done the
-- same reads, but creating one on a big database takes longer than D1 allows a statement (60 s on
-- the 1M benchmark database, D1 stops at 30 s), and this table can be filled in chunks instead.
CREATE TABLE `log_facts` (
	`org_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`log_rowid` integer NOT NULL,
	`id` text NOT NULL,
	`model` text NOT NULL,
	`user_id` text,
	`session_id` text,
	`token_count` integer,
	`estimated_cost` real,
	`latency_ms` integer,
	`source` text,
	`flag_status` text NOT NULL,
	`flag_reasons` text NOT NULL,
	PRIMARY KEY (`org_id`, `created_at`, `log_rowid`)
) WITHOUT ROWID;
--> statement-breakpoint
-- Logs stored before this migration are copied afterwards, in bounded chunks, by the minute schedule
-- (worker/src/schedules/log-facts-backfill.ts): next_rowid..last_rowid are still to copy (no row:
-- nothing). Until it is done, metrics read prompt_logs as before (run.ts checks this table).
CREATE TABLE `log_facts_backfill` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`next_rowid` integer NOT NULL,
	`last_rowid` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `log_facts_backfill` (`id`, `next_rowid`, `last_rowid`)
SELECT 1, min(rowid), max(rowid) FROM `prompt_logs` HAVING count(*) > 0;
--> statement-breakpoint
-- The backfill copies with INSERT OR IGNORE and the triggers below act whatever the backfill's
-- progress, so a log copied by both, deleted or changed before the backfill reaches it, ends the same.
CREATE TRIGGER `log_facts_after_insert` AFTER INSERT ON `prompt_logs` BEGIN
  INSERT OR REPLACE INTO log_facts (log_rowid, id, org_id, created_at, model, user_id, session_id, token_count, estimated_cost, latency_ms, source, flag_status, flag_reasons)
  VALUES (new.rowid, new.id, new.org_id, new.created_at, new.model, new.user_id, new.session_id, new.token_count, new.estimated_cost, new.latency_ms, new.source, new.flag_status, new.flag_reasons);
END;
--> statement-breakpoint
CREATE TRIGGER `log_facts_after_delete` AFTER DELETE ON `prompt_logs` BEGIN
  DELETE FROM log_facts WHERE org_id = old.org_id AND created_at = old.created_at AND log_rowid = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `log_facts_after_update` AFTER UPDATE OF id, org_id, created_at, model, user_id, session_id, token_count, estimated_cost, latency_ms, source, flag_status, flag_reasons ON `prompt_logs` BEGIN
  UPDATE log_facts SET id = new.id, org_id = new.org_id, created_at = new.created_at, model = new.model, user_id = new.user_id,
    session_id = new.session_id, token_count = new.token_count, estimated_cost = new.estimated_cost, latency_ms = new.latency_ms,
    source = new.source, flag_status = new.flag_status, flag_reasons = new.flag_reasons
  WHERE org_id = old.org_id AND created_at = old.created_at AND log_rowid = old.rowid;
END;
