-- Every stored log also bumps its hour's counters (the anomaly detector's baseline, docs/delivery.md).
-- A separate trigger so 0001's stays untouched; deletions (retention, delete-all) leave the counters alone.
CREATE TRIGGER `prompt_logs_hourly_usage` AFTER INSERT ON `prompt_logs` BEGIN
  INSERT INTO hourly_usage (org_id, hour, total, flagged, tokens, cost)
  VALUES (
    new.org_id,
    (new.created_at / 3600000) * 3600000,
    1,
    new.flag_status <> 'safe',
    coalesce(new.token_count, 0),
    coalesce(new.estimated_cost, 0)
  )
  ON CONFLICT (org_id, hour) DO UPDATE SET
    total = total + 1,
    flagged = flagged + excluded.flagged,
    tokens = tokens + excluded.tokens,
    cost = cost + excluded.cost;
END;
--> statement-breakpoint
-- Backfill the detector's baseline window (a week and a day) from the logs already stored.
INSERT INTO hourly_usage (org_id, hour, total, flagged, tokens, cost)
SELECT
  org_id,
  (created_at / 3600000) * 3600000,
  count(*),
  sum(flag_status <> 'safe'),
  sum(coalesce(token_count, 0)),
  sum(coalesce(estimated_cost, 0))
FROM prompt_logs
WHERE created_at >= (unixepoch() - 8 * 86400) * 1000
GROUP BY 1, 2;
