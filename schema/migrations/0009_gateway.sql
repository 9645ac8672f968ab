-- OpenAI-compatible gateway (docs/gateway.md): where it forwards, what it refuses, and which logs it
-- refused (stored, never sent to the provider). The partial index serves "blocked only" lists.
ALTER TABLE `org_settings` ADD `gateway_upstream` text;--> statement-breakpoint
ALTER TABLE `org_settings` ADD `gateway_block` text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE `prompt_logs` ADD `blocked` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `prompt_logs_org_blocked` ON `prompt_logs` (`org_id`,`created_at`) WHERE blocked = 1;
