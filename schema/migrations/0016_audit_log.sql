-- Audit log and the gateway's upstream override switch. The table exists in every database (one set of
-- migrations): a record is written in the batch of the change it records, so flag feedback's records
-- are in the data shard and every other record in the control database (docs/scaling.md).
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`actor_type` text NOT NULL,
	`actor_id` text NOT NULL,
	`actor_name` text NOT NULL,
	`key_id` text NOT NULL,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`before` text,
	`after` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `audit_log_org_id` ON `audit_log` (`org_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_org_entity` ON `audit_log` (`org_id`,`entity_type`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_org_actor` ON `audit_log` (`org_id`,`actor_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_org_created` ON `audit_log` (`org_id`,`created_at`);--> statement-breakpoint
-- Append-only: a record is never rewritten, by any code path. Deletion stays possible for retention,
-- Delete All Data, a tenant moving shards and an organization's removal.
CREATE TRIGGER `audit_log_append_only` BEFORE UPDATE ON `audit_log`
BEGIN
	SELECT RAISE(ABORT, 'audit_log is append-only');
END;--> statement-breakpoint
-- Off for every organization, existing ones included: the header let any key that may write logs send
-- the organization's prompts (and the caller's provider credential) to a host of its choosing, and
-- nothing here (demo, SDKs, docs' setup) depends on it. An admin who relies on it turns it on in Settings.
ALTER TABLE `org_settings` ADD `gateway_allow_upstream_override` integer DEFAULT false NOT NULL;
