-- Custom metrics read `logs` (worker/src/metrics/run.ts): every log of the organization's last 30
-- days. Through (org_id, created_at) that was a table lookup per log, and a log's row holds its text
-- (about 6 KB a log with the index pages): at 1,000,000 logs one refresh of "share of GPT-4 prompts"
-- read 1.2 GB and held the data shard's single writer for 37 s, every refresh interval, stalling
-- every tenant's ingestion on that shard. This index holds every column of `logs` but the texts (id,
-- prompt, response, metadata), so metrics over them never touch the table: a tenth of the reads warm,
-- far less from disk. About 100 bytes a log.
CREATE INDEX `prompt_logs_org_metrics` ON `prompt_logs` (`org_id`,`created_at`,`model`,`flag_status`,`flag_reasons`,`user_id`,`session_id`,`token_count`,`estimated_cost`,`latency_ms`,`source`);
