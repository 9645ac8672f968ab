-- Full-text search over prompt and response (docs/data.md): an external-content FTS5 index over
-- prompt_logs, kept in step by triggers so no code path can forget it.
CREATE VIRTUAL TABLE `prompt_logs_fts` USING fts5(
  prompt,
  response,
  content='prompt_logs',
  content_rowid='rowid',
  tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
-- Every stored log also bumps its day's counters (stats and charts read these, never the logs)
-- and records the day's active user. Deletions (retention, delete-all) leave the counters alone.
CREATE TRIGGER `prompt_logs_after_insert` AFTER INSERT ON `prompt_logs` BEGIN
  INSERT INTO prompt_logs_fts(rowid, prompt, response) VALUES (new.rowid, new.prompt, new.response);
  INSERT INTO daily_usage (org_id, day, model, total, safe, warning, critical, tokens, cost, latency_sum, latency_count)
  VALUES (
    new.org_id,
    strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'),
    new.model,
    1,
    new.flag_status = 'safe',
    new.flag_status = 'warning',
    new.flag_status = 'critical',
    coalesce(new.token_count, 0),
    coalesce(new.estimated_cost, 0),
    coalesce(new.latency_ms, 0),
    new.latency_ms IS NOT NULL
  )
  ON CONFLICT (org_id, day, model) DO UPDATE SET
    total = total + 1,
    safe = safe + excluded.safe,
    warning = warning + excluded.warning,
    critical = critical + excluded.critical,
    tokens = tokens + excluded.tokens,
    cost = cost + excluded.cost,
    latency_sum = latency_sum + excluded.latency_sum,
    latency_count = latency_count + excluded.latency_count;
  INSERT OR IGNORE INTO daily_active_users (org_id, day, user_id)
  SELECT new.org_id, strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), new.user_id
  WHERE new.user_id IS NOT NULL AND new.user_id <> '';
END;
--> statement-breakpoint
CREATE TRIGGER `prompt_logs_after_delete` AFTER DELETE ON `prompt_logs` BEGIN
  INSERT INTO prompt_logs_fts(prompt_logs_fts, rowid, prompt, response) VALUES ('delete', old.rowid, old.prompt, old.response);
END;
--> statement-breakpoint
CREATE TRIGGER `prompt_logs_after_update` AFTER UPDATE OF prompt, response ON `prompt_logs` BEGIN
  INSERT INTO prompt_logs_fts(prompt_logs_fts, rowid, prompt, response) VALUES ('delete', old.rowid, old.prompt, old.response);
  INSERT INTO prompt_logs_fts(rowid, prompt, response) VALUES (new.rowid, new.prompt, new.response);
END;
