-- Privacy by default (docs/log-flow.md, the redaction step): redaction mode per organization ("credentials" for every
-- organization, existing rows included through the column default), the server-side fingerprint
-- key, and metadata that outlives bodies.
ALTER TABLE `org_settings` ADD `redaction` text DEFAULT 'credentials' NOT NULL;
--> statement-breakpoint
ALTER TABLE `org_settings` ADD `metadata_retention_days` integer DEFAULT 365 NOT NULL;
--> statement-breakpoint
ALTER TABLE `org_settings` ADD `fingerprint_key` text;
--> statement-breakpoint
-- Organizations whose bodies were kept longer than a year keep them: metadata never expires first.
UPDATE `org_settings` SET `metadata_retention_days` = `retention_days` WHERE `retention_days` > `metadata_retention_days`;
--> statement-breakpoint
ALTER TABLE `prompt_logs` ADD `content_purged_at` integer;
--> statement-breakpoint
-- Logs stored before redaction existed keep NULL here until the backfill job redacts them with
-- their organization's mode; every new log records the mode it was stored with.
ALTER TABLE `prompt_logs` ADD `redaction_mode` text;
--> statement-breakpoint
CREATE INDEX `prompt_logs_unredacted` ON `prompt_logs` (`org_id`,`created_at`) WHERE redaction_mode IS NULL;
--> statement-breakpoint
-- Retention finds the bodies still to purge without walking the ones already purged.
CREATE INDEX `prompt_logs_org_unpurged` ON `prompt_logs` (`org_id`,`created_at`) WHERE content_purged_at IS NULL;
--> statement-breakpoint
CREATE TABLE `log_fingerprints` (
	`org_id` text NOT NULL,
	`fingerprint` text NOT NULL,
	`log_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`org_id`, `fingerprint`, `created_at`, `log_id`),
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `log_fingerprints_log` ON `log_fingerprints` (`log_id`);
--> statement-breakpoint
-- A deleted log (metadata retention, delete-all) takes its fingerprints along, whatever the path.
CREATE TRIGGER `prompt_logs_fingerprints_after_delete` AFTER DELETE ON `prompt_logs` BEGIN
  DELETE FROM log_fingerprints WHERE log_id = old.id;
END;
--> statement-breakpoint
-- Search in any language (docs/data.md#search): the trigram tokenizer indexes every 3-character window, so
-- CJK text (no spaces between words) and parts of identifiers match. Same name and columns, so
-- 0001's triggers keep it in step unchanged. It starts empty: 0010 replaces it, and the logs stored
-- before are indexed in chunks after the migrations (0010_tenant_search.sql says why).
DROP TABLE `prompt_logs_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `prompt_logs_fts` USING fts5(
  prompt,
  response,
  content='prompt_logs',
  content_rowid='rowid',
  tokenize='trigram remove_diacritics 1'
);
