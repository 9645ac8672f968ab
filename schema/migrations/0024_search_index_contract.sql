-- One search index (docs/data.md#search): prompt_logs_trigrams. The indexes it replaced
-- (prompt_logs_fts, prompt_logs_search) and their rebuild cursors go, and the triggers that kept
-- them go with them: every write, delete and search then touches the one index only.
--
-- The logs prompt_logs_trigrams' rebuild (search_trigrams_rebuild) has still to index go in first,
-- as the minute schedule's chunk would (schema/search-backfill.ts, once), each into its
-- organization's block; a queued log is left to the queue, which indexes it with no other condition
-- from here on. Deployed databases have no rebuild left when this runs (scripts/dev/deploy-check.ts
-- refuses otherwise: D1 stops a query after 30 s); a local database of an older checkout ends up
-- complete.
INSERT INTO `prompt_logs_trigrams` (rowid, prompt, response)
SELECT (t.tenant_no << 40) + 1099511627775 - p.rowid, p.prompt, p.response
FROM `search_trigrams_rebuild` b
JOIN `prompt_logs` p ON p.rowid BETWEEN b.next_rowid AND b.last_rowid
JOIN `search_tenants` t ON t.org_id = p.org_id
WHERE p.rowid NOT IN (SELECT log_rowid FROM `search_queue`);
--> statement-breakpoint
DROP TRIGGER `prompt_logs_search_after_delete`;
--> statement-breakpoint
DROP TRIGGER `prompt_logs_search_after_update`;
--> statement-breakpoint
-- The insert trigger stays 0015's (it queues the log). A log is in prompt_logs_trigrams unless it is
-- queued. Deletion and body purge take the exact old text out of the index, as a contentless index
-- needs, and a queued log out of the queue.
CREATE TRIGGER `prompt_logs_search_after_delete` AFTER DELETE ON `prompt_logs` BEGIN
  INSERT INTO prompt_logs_trigrams (prompt_logs_trigrams, rowid, prompt, response)
  SELECT 'delete', (t.tenant_no << 40) + 1099511627775 - old.rowid, old.prompt, old.response
  FROM search_tenants t WHERE t.org_id = old.org_id
    AND NOT EXISTS (SELECT 1 FROM search_queue WHERE log_rowid = old.rowid);
  DELETE FROM search_queue WHERE log_rowid = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `prompt_logs_search_after_update` AFTER UPDATE OF prompt, response ON `prompt_logs` BEGIN
  INSERT INTO prompt_logs_trigrams (prompt_logs_trigrams, rowid, prompt, response)
  SELECT 'delete', (t.tenant_no << 40) + 1099511627775 - old.rowid, old.prompt, old.response
  FROM search_tenants t WHERE t.org_id = old.org_id
    AND NOT EXISTS (SELECT 1 FROM search_queue WHERE log_rowid = old.rowid);
  INSERT INTO prompt_logs_trigrams (rowid, prompt, response)
  SELECT (t.tenant_no << 40) + 1099511627775 - new.rowid, new.prompt, new.response
  FROM search_tenants t WHERE t.org_id = new.org_id
    AND NOT EXISTS (SELECT 1 FROM search_queue WHERE log_rowid = new.rowid);
END;
--> statement-breakpoint
DROP TABLE `prompt_logs_search`;
--> statement-breakpoint
DROP TABLE `prompt_logs_fts`;
--> statement-breakpoint
DROP TABLE `search_rebuild`;
--> statement-breakpoint
DROP TABLE `search_trigrams_rebuild`;
--> statement-breakpoint
DROP TABLE `search_backfill`;
