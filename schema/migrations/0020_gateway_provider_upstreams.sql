ALTER TABLE `org_settings` ADD `gateway_anthropic_upstream` text;--> statement-breakpoint
ALTER TABLE `org_settings` ADD `gateway_gemini_upstream` text;