-- The log segment directory (schema/tables/segments.ts, docs/scaling.md#step-3--segments): control database only.
CREATE TABLE `log_segments` (
	`org_id` text NOT NULL,
	`seq` integer NOT NULL,
	`db` text NOT NULL,
	`starts_at` integer NOT NULL,
	`opened_at` integer NOT NULL,
	`dropped_at` integer,
	PRIMARY KEY(`org_id`, `seq`),
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `log_segments_db` ON `log_segments` (`db`,`dropped_at`);