-- Tenant shards (docs/scaling.md): one migration set for every database (the control
-- database DB and each data shard DATA_n); each table is only used where it belongs (docs/data.md).
-- The organization's row in the control database names its data shard.
ALTER TABLE `organizations` ADD `shard` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- New organizations go to the shard holding the fewest (worker/src/lib/shards.ts): a count by shard.
CREATE INDEX `organizations_shard` ON `organizations` (`shard`);--> statement-breakpoint
-- Deliveries live in the data shard, their webhook in the control database: a foreign key cannot
-- cross databases, so webhook_deliveries is rebuilt without it (deleting a webhook deletes its
-- deliveries in code, queries/webhooks.ts). Nothing references webhook_deliveries.
CREATE TABLE `webhook_deliveries_new` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`webhook_id` text NOT NULL,
	`message_id` text NOT NULL,
	`event_type` text NOT NULL,
	`attempt` integer NOT NULL,
	`status_code` integer,
	`success` integer NOT NULL,
	`error` text,
	`duration_ms` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `webhook_deliveries_new` SELECT `id`, `org_id`, `webhook_id`, `message_id`, `event_type`, `attempt`, `status_code`, `success`, `error`, `duration_ms`, `created_at` FROM `webhook_deliveries`;--> statement-breakpoint
DROP TABLE `webhook_deliveries`;--> statement-breakpoint
ALTER TABLE `webhook_deliveries_new` RENAME TO `webhook_deliveries`;--> statement-breakpoint
CREATE INDEX `webhook_deliveries_webhook_created` ON `webhook_deliveries` (`webhook_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_org_created` ON `webhook_deliveries` (`org_id`,`created_at`);
