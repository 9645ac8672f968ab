// The search index's bookkeeping: each tenant's block and the queue (docs/data.md#search).
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Each organization's block of the search index (prompt_logs_trigrams, worker/src/queries/search.ts):
 * FTS rowid = (tenantNo << 40) + 2^40 - 1 - prompt_logs.rowid (newest first ascending). Kept by the
 * prompt_logs triggers; no foreign key, so it lives in whichever database holds the logs. lateMs: the most a log was stamped before the newest
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
 * Logs stored but not yet in the search index (migration 0013): the insert trigger queues each log,
 * and the transaction that stored it indexes the queue and empties it (schema/search-backfill.ts).
 */
export const searchQueue = sqliteTable("search_queue", {
  logRowid: integer("log_rowid").primaryKey(),
});
