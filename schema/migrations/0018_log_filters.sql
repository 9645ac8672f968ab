-- Indexes of the session view and of the session and source filters of the logs lists
-- (worker/src/queries/activity.ts, logs.ts): each answers "this organization's logs of one session
-- (or source), by time" as an index range instead of a scan of the organization's logs.
CREATE INDEX `prompt_logs_org_session_created` ON `prompt_logs` (`org_id`,`session_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `prompt_logs_org_source_created` ON `prompt_logs` (`org_id`,`source`,`created_at`,`id`);