CREATE TABLE `hourly_usage` (
	`org_id` text NOT NULL,
	`hour` integer NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`flagged` integer DEFAULT 0 NOT NULL,
	`tokens` integer DEFAULT 0 NOT NULL,
	`cost` real DEFAULT 0 NOT NULL,
	`anomaly_checked_at` integer,
	PRIMARY KEY(`org_id`, `hour`),
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `hourly_usage_hour` ON `hourly_usage` (`hour`,`anomaly_checked_at`);