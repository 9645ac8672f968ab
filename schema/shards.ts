// Tenant shards (docs/scaling.md): the control database is the D1 binding `DB`; an organization's logs
// and everything derived from them live in one data database, `DATA_<n>`, where n is the
// organization's `shard` column. This list is the deployment's shard map: wrangler.toml declares one
// [[d1_databases]] binding per name, in this order. Growing N appends a name (never reorders).
export const DATA_SHARDS = ["DATA_0", "DATA_1"] as const;

export type DataShardBinding = (typeof DATA_SHARDS)[number];

/**
 * The log segment pool (docs/scaling.md#step-3--segments): databases an organization's later log
 * segments are placed in, each owned by one segment at a time so that an expired segment is emptied
 * whole. Same migrations as the shards. Growing the pool appends a name, as for DATA_SHARDS.
 */
export const SEGMENT_DBS = ["SEG_0", "SEG_1", "SEG_2", "SEG_3"] as const;

export type SegmentDbBinding = (typeof SEGMENT_DBS)[number];

/** A database that holds logs: a data shard (segment 0) or a pool database (later segments). */
export type LogsDbBinding = DataShardBinding | SegmentDbBinding;

/** Tables kept in the control database (read on every request, low write rate). */
export const CONTROL_TABLES = [
  "organizations",
  "org_settings",
  "team_members",
  "api_keys",
  "sessions",
  "webhooks",
  "integrations",
  "custom_metrics",
  "log_segments",
  // Also in DATA_TABLES: a record lives beside what it records (settings, keys, members… here).
  "audit_log",
] as const;

/**
 * Tables kept in the organization's data shard (logs and all that is derived from them). A shard's
 * `organizations` also holds one stub row per tenant it stores: the parent of these tables' foreign
 * keys, so ON DELETE CASCADE of the stub removes the tenant's data from the shard. Parents before the
 * tables that reference them: a tenant move (worker/src/tenancy/shard-move.ts) copies in this order.
 */
export const DATA_TABLES = [
  "prompt_logs",
  "prompt_logs_trigrams",
  "search_tenants",
  "log_facts",
  "log_fingerprints",
  "daily_usage",
  "daily_active_users",
  "hourly_usage",
  "alerts",
  "anomaly_detections",
  "webhook_deliveries",
  "delivery_claims",
  "flag_feedback",
  // OTLP parts waiting for the rest of their model call (minutes at most): deleted with the tenant, never copied.
  "otel_pending",
  // The records of flag feedback (also a control table: every other record is there), moved with the tenant.
  "audit_log",
] as const;

/** The data tables that are FTS indexes: no org_id column (a tenant's entries are its block of rowids), rebuilt from the logs. */
export const SEARCH_INDEXES: readonly string[] = ["prompt_logs_trigrams"] satisfies (typeof DATA_TABLES)[number][];
