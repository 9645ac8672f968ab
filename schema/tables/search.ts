// The search index's bookkeeping: each tenant's block, the old backfill and the queue (docs/scaling.md).
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Each organization's block of the search index (migrations 0010 and 0015, worker/src/queries/search.ts):
 * FTS rowid = (tenantNo << 40) + 2^40 - 1 - prompt_logs.rowid in prompt_logs_search (newest first
 * ascending). Kept by the prompt_logs triggers; no foreign key, so it
 * lives in whichever database holds the logs. lateMs: the most a log was stamped before the newest
 * one stored ahead of it.
 */
export const searchTenants = sqliteTable(
  "search_tenants",
  {
    orgId: text("org_id").primaryKey(),
    tenantNo: integer("tenant_no").notNull(),
    newestAt: integer("newest_at").notNull(),
    lateMs: integer("late_ms").notNull().default(0),
  },
  (t) => [uniqueIndex("search_tenants_no").on(t.tenantNo)],
);

/**
 * The rowids of logs stored before the first tenant search index (prompt_logs_fts, migration 0010) that
 * its backfill had not indexed yet: next_rowid..last_rowid, one row per data database, none once done.
 * Since migration 0015 nothing moves it (the rebuild of prompt_logs_search covers those logs); the
 * triggers read it only to keep prompt_logs_fts right while a rebuild runs.
 */
export const searchBackfill = sqliteTable("search_backfill", {
  id: integer("id").primaryKey(),
  nextRowid: integer("next_rowid").notNull(),
  lastRowid: integer("last_rowid").notNull(),
});

/**
 * Logs stored but not yet in the search index (migration 0013): the insert trigger queues each log,
 * and the transaction that stored it indexes the queue and empties it (schema/search-backfill.ts).
 */
export const searchQueue = sqliteTable("search_queue", {
  logRowid: integer("log_rowid").primaryKey(),
});
