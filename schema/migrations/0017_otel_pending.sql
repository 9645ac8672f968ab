-- OTLP model calls whose span and GenAI log events arrive apart (worker/src/otel/pending.ts, docs/otel.md):
-- each part waits here, sealed, until the call is complete or its time is up. A data table (every
-- database gets it; only data shards write it).
CREATE TABLE `otel_pending` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` text NOT NULL,
	`trace_id` text NOT NULL,
	`span_id` text NOT NULL,
	`kind` text NOT NULL,
	`digest` text NOT NULL,
	`has_input` integer NOT NULL,
	`has_output` integer NOT NULL,
	`failed` integer NOT NULL,
	`api_key_id` text,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `otel_pending_part` ON `otel_pending` (`org_id`,`trace_id`,`span_id`,`kind`,`digest`);--> statement-breakpoint
CREATE INDEX `otel_pending_created` ON `otel_pending` (`created_at`);