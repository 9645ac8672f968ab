CREATE TABLE `alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`type` text NOT NULL,
	`severity` text NOT NULL,
	`message` text NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`window_start` integer DEFAULT 0 NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`log_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_seen_at` integer,
	`acknowledged` integer DEFAULT false NOT NULL,
	`acknowledged_at` integer,
	`acknowledged_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alerts_org_ack_created` ON `alerts` (`org_id`,`acknowledged`,`created_at`);--> statement-breakpoint
CREATE INDEX `alerts_org_created` ON `alerts` (`org_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `alerts_group` ON `alerts` (`org_id`,`type`,`reason`,`window_start`);--> statement-breakpoint
CREATE TABLE `anomaly_detections` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`metric_name` text NOT NULL,
	`current_value` real NOT NULL,
	`threshold` real NOT NULL,
	`baseline` real,
	`severity` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`resolved_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `anomaly_detections_org_detected` ON `anomaly_detections` (`org_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `anomaly_detections_org_metric_status` ON `anomaly_detections` (`org_id`,`metric_name`,`status`);--> statement-breakpoint
CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`member_id` text,
	`name` text NOT NULL,
	`key_hash` text NOT NULL,
	`key_prefix` text NOT NULL,
	`permissions` text NOT NULL,
	`expires_at` integer,
	`last_used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_hash` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_org_created` ON `api_keys` (`org_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `custom_metrics` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`query` text NOT NULL,
	`type` text NOT NULL,
	`visualization` text NOT NULL,
	`refresh_interval` integer DEFAULT 300 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`last_value` text,
	`last_refreshed_at` integer,
	`last_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `custom_metrics_org_created` ON `custom_metrics` (`org_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `daily_active_users` (
	`org_id` text NOT NULL,
	`day` text NOT NULL,
	`user_id` text NOT NULL,
	PRIMARY KEY(`org_id`, `day`, `user_id`),
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `daily_usage` (
	`org_id` text NOT NULL,
	`day` text NOT NULL,
	`model` text NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`safe` integer DEFAULT 0 NOT NULL,
	`warning` integer DEFAULT 0 NOT NULL,
	`critical` integer DEFAULT 0 NOT NULL,
	`tokens` integer DEFAULT 0 NOT NULL,
	`cost` real DEFAULT 0 NOT NULL,
	`latency_sum` integer DEFAULT 0 NOT NULL,
	`latency_count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`org_id`, `day`, `model`),
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `integrations` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`config` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `integrations_org_created` ON `integrations` (`org_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `org_settings` (
	`org_id` text PRIMARY KEY NOT NULL,
	`retention_days` integer DEFAULT 30 NOT NULL,
	`email_alerts` integer DEFAULT true NOT NULL,
	`slack_notifications` integer DEFAULT false NOT NULL,
	`critical_only` integer DEFAULT true NOT NULL,
	`webhook_url` text,
	`flag_rules` text NOT NULL,
	`token_threshold` integer DEFAULT 4000 NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `organizations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`plan` text DEFAULT 'trial' NOT NULL,
	`trial_ends_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `prompt_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`model` text NOT NULL,
	`user_id` text,
	`session_id` text,
	`prompt` text NOT NULL,
	`response` text NOT NULL,
	`token_count` integer,
	`estimated_cost` real,
	`latency_ms` integer,
	`source` text,
	`metadata` text,
	`flag_status` text NOT NULL,
	`flag_reasons` text NOT NULL,
	`findings` text NOT NULL,
	`api_key_id` text,
	`idempotency_key` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `prompt_logs_org_created` ON `prompt_logs` (`org_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `prompt_logs_org_flag_created` ON `prompt_logs` (`org_id`,`flag_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `prompt_logs_org_model_created` ON `prompt_logs` (`org_id`,`model`,`created_at`);--> statement-breakpoint
CREATE INDEX `prompt_logs_org_user_created` ON `prompt_logs` (`org_id`,`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `prompt_logs_org_idempotency` ON `prompt_logs` (`org_id`,`idempotency_key`);--> statement-breakpoint
CREATE TABLE `team_members` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_members_org_email` ON `team_members` (`org_id`,`email`);--> statement-breakpoint
CREATE INDEX `team_members_org_created` ON `team_members` (`org_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
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
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`webhook_id`) REFERENCES `webhooks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_webhook_created` ON `webhook_deliveries` (`webhook_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_org_created` ON `webhook_deliveries` (`org_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `webhooks` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`events` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`secret` text NOT NULL,
	`disabled_reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhooks_org_created` ON `webhooks` (`org_id`,`created_at`);