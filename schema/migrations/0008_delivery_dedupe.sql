-- Exactly-once delivery per (target, event) (docs/delivery.md): a consumer claims the pair with
-- INSERT … ON CONFLICT DO NOTHING before sending, and only the winner sends. A failed send releases
-- the claim so the queue's retry can claim it again; a claim held longer than DELIVERY_CLAIM_STALE_MS
-- (its consumer died mid-send) may be taken over. `target_id` is a webhook or integration id.
CREATE TABLE `delivery_claims` (
	`target_id` text NOT NULL,
	`message_id` text NOT NULL,
	`org_id` text NOT NULL,
	`delivered` integer DEFAULT false NOT NULL,
	`claimed_at` integer NOT NULL,
	PRIMARY KEY(`target_id`, `message_id`),
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `delivery_claims_claimed` ON `delivery_claims` (`claimed_at`);--> statement-breakpoint
-- Webhook messages already delivered before claims existed stay delivered.
INSERT OR IGNORE INTO `delivery_claims` (`target_id`, `message_id`, `org_id`, `delivered`, `claimed_at`)
	SELECT `webhook_id`, `message_id`, `org_id`, 1, max(`created_at`) FROM `webhook_deliveries` WHERE `success` = 1 GROUP BY `webhook_id`, `message_id`;--> statement-breakpoint
-- The hourly purge deletes expired and revoked sessions through these.
CREATE INDEX `sessions_expires` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `sessions_revoked` ON `sessions` (`revoked_at`) WHERE `revoked_at` IS NOT NULL;
