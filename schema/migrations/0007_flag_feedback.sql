-- Operator verdicts on flags (docs/flags.md). One row per log; it cascades away with its log, so retention
-- and Delete All Data remove feedback too.
CREATE TABLE `flag_feedback` (
	`log_id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`verdict` text NOT NULL,
	`note` text,
	`flag_status` text NOT NULL,
	`flag_reasons` text NOT NULL,
	`reviewed_by` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`log_id`) REFERENCES `prompt_logs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `flag_feedback_org_verdict` ON `flag_feedback` (`org_id`,`verdict`);--> statement-breakpoint
CREATE INDEX `flag_feedback_org_log` ON `flag_feedback` (`org_id`,`log_id`);
