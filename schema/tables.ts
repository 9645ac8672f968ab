// Drizzle tables for every entity (schema/responses, docs/api.md). Every tenant row carries org_id and every
// list the screens show has an index that starts with org_id, so no query ever scans another tenant.
// Timestamps are integer epoch milliseconds: cheap to compare, range and keyset-paginate.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { Conversation } from "./conversation";
import {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_TYPES,
  AUDIT_ENTITY_TYPES,
  DETECTION_SENSITIVITIES,
  FEEDBACK_VERDICTS,
  FLAG_STATUSES,
  type FlagRules,
  type Permission,
  type RedactionMode,
  GATEWAY_BLOCK_LEVELS,
} from "./constants";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

/** A finding and an integration's config are stored as the API answers them: one definition each, in schema/responses. */
export type { Finding } from "./responses/logs";
export type { IntegrationConfig } from "./responses/integrations";
import type { Finding } from "./responses/logs";
import type { IntegrationConfig } from "./responses/integrations";

export const organizations = sqliteTable(
  "organizations",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    plan: text("plan", { enum: ["trial", "professional", "enterprise"] })
      .notNull()
      .default("trial"),
    trialEndsAt: integer("trial_ends_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    /** The data shard (schema/shards.ts DATA_SHARDS index) holding the organization's logs and what derives from them. */
    shard: integer("shard").notNull().default(0),
  },
  (t) => [index("organizations_shard").on(t.shard)],
);

export const orgSettings = sqliteTable("org_settings", {
  orgId: text("org_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  retentionDays: integer("retention_days").notNull().default(30),
  emailAlerts: integer("email_alerts", { mode: "boolean" }).notNull().default(true),
  slackNotifications: integer("slack_notifications", { mode: "boolean" }).notNull().default(false),
  criticalOnly: integer("critical_only", { mode: "boolean" }).notNull().default(true),
  webhookUrl: text("webhook_url"),
  flagRules: text("flag_rules", { mode: "json" }).$type<FlagRules>().notNull(),
  tokenThreshold: integer("token_threshold").notNull().default(4000),
  sensitivity: text("sensitivity", { enum: DETECTION_SENSITIVITIES }).notNull().default("balanced"),
  /** What is redacted before a log is written (docs/log-flow.md, the redaction step). */
  redaction: text("redaction", { enum: ["off", "credentials", "sensitive"] })
    .$type<RedactionMode>()
    .notNull()
    .default("credentials"),
  /** Days a log's metadata is kept after its bodies are purged at retentionDays. */
  metadataRetentionDays: integer("metadata_retention_days").notNull().default(365),
  /** Per-organization HMAC key of redacted-value fingerprints; server-side only, never serialized. */
  fingerprintKey: text("fingerprint_key"),
  /** The gateway's provider base URL; NULL means DEFAULT_GATEWAY_UPSTREAM (docs/gateway.md). */
  gatewayUpstream: text("gateway_upstream"),
  /** The gateway's Anthropic base URL; NULL means DEFAULT_ANTHROPIC_UPSTREAM (docs/gateway.md). */
  gatewayAnthropicUpstream: text("gateway_anthropic_upstream"),
  /** The gateway's Gemini base URL; NULL means DEFAULT_GEMINI_UPSTREAM (docs/gateway.md). */
  gatewayGeminiUpstream: text("gateway_gemini_upstream"),
  /** The lowest flag the gateway refuses to forward (GATEWAY_BLOCK_LEVELS). */
  gatewayBlock: text("gateway_block", { enum: GATEWAY_BLOCK_LEVELS }).notNull().default("off"),
  /**
   * Whether a call may name its own upstream (X-PromptSentry-Upstream) instead of gatewayUpstream. Off
   * unless an admin turns it on: with it, any key that may write logs could send prompts elsewhere.
   */
  gatewayAllowUpstreamOverride: integer("gateway_allow_upstream_override", { mode: "boolean" }).notNull().default(false),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
});

export const teamMembers = sqliteTable(
  "team_members",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    role: text("role", { enum: ["admin", "engineer", "viewer"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("team_members_org_email").on(t.orgId, t.email), index("team_members_org_created").on(t.orgId, t.createdAt)],
);

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Set when the key belongs to a team member: its permissions follow the member's role. */
    memberId: text("member_id").references(() => teamMembers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** SHA-256 (hex) of the full key; the key itself is never stored. */
    keyHash: text("key_hash").notNull(),
    keyPrefix: text("key_prefix").notNull(),
    permissions: text("permissions", { mode: "json" }).$type<Permission[]>().notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("api_keys_hash").on(t.keyHash), index("api_keys_org_created").on(t.orgId, t.createdAt)],
);

/**
 * Dashboard sessions (docs/sessions.md): the cookie carries a random token, only its SHA-256 is stored.
 * Valid while not revoked, seen within the idle timeout and before `expiresAt` (the absolute cap).
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    keyId: text("key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("sessions_token_hash").on(t.tokenHash),
    index("sessions_key").on(t.keyId),
    index("sessions_expires").on(t.expiresAt),
    index("sessions_revoked").on(t.revokedAt).where(sql`revoked_at IS NOT NULL`),
  ],
);
export type SessionRow = typeof sessions.$inferSelect;

export const promptLogs = sqliteTable(
  "prompt_logs",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    model: text("model").notNull(),
    userId: text("user_id"),
    sessionId: text("session_id"),
    prompt: text("prompt").notNull(),
    response: text("response").notNull(),
    tokenCount: integer("token_count"),
    /** In cents. */
    estimatedCost: real("estimated_cost"),
    latencyMs: integer("latency_ms"),
    source: text("source"),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>(),
    /** The conversation the prompt flattens, as turns (schema/conversation.ts), redacted like the prompt. */
    messages: text("messages", { mode: "json" }).$type<Conversation>(),
    flagStatus: text("flag_status", { enum: ["safe", "warning", "critical"] }).notNull(),
    flagReasons: text("flag_reasons", { mode: "json" }).$type<string[]>().notNull(),
    findings: text("findings", { mode: "json" }).$type<Finding[]>().notNull(),
    apiKeyId: text("api_key_id"),
    idempotencyKey: text("idempotency_key"),
    /** Set when retention purged prompt, response and metadata; the rest stays until metadataRetentionDays. */
    contentPurgedAt: integer("content_purged_at", { mode: "timestamp_ms" }),
    /** The redaction the stored text went through; NULL for logs stored before redaction existed (backfilled). */
    redactionMode: text("redaction_mode", { enum: ["off", "credentials", "sensitive"] }).$type<RedactionMode>(),
    /** The gateway refused to forward this prompt (its flag met the organization's gatewayBlock). */
    blocked: integer("blocked", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    index("prompt_logs_org_created").on(t.orgId, t.createdAt, t.id),
    index("prompt_logs_org_flag_created").on(t.orgId, t.flagStatus, t.createdAt),
    index("prompt_logs_org_model_created").on(t.orgId, t.model, t.createdAt),
    index("prompt_logs_org_user_created").on(t.orgId, t.userId, t.createdAt),
    // The session view and the session and source filters of the logs lists (migration 0017).
    index("prompt_logs_org_session_created").on(t.orgId, t.sessionId, t.createdAt, t.id),
    index("prompt_logs_org_source_created").on(t.orgId, t.source, t.createdAt, t.id),
    uniqueIndex("prompt_logs_org_idempotency").on(t.orgId, t.idempotencyKey),
    index("prompt_logs_org_unpurged").on(t.orgId, t.createdAt).where(sql`content_purged_at IS NULL`),
    index("prompt_logs_unredacted").on(t.orgId, t.createdAt).where(sql`redaction_mode IS NULL`),
    index("prompt_logs_org_blocked").on(t.orgId, t.createdAt).where(sql`blocked = 1`),
  ],
);

/** One row per redacted value per log: "this credential appeared in N logs since …" and the fingerprint filter. */
export const logFingerprints = sqliteTable(
  "log_fingerprints",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    fingerprint: text("fingerprint").notNull(),
    logId: text("log_id").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  // created_at inside the key: "N logs since <first seen>" is answered from the key alone
  (t) => [primaryKey({ columns: [t.orgId, t.fingerprint, t.createdAt, t.logId] }), index("log_fingerprints_log").on(t.logId)],
);

/** Per-day, per-model counters maintained by a trigger on every stored log (never decremented by retention). */
export const dailyUsage = sqliteTable(
  "daily_usage",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    model: text("model").notNull(),
    total: integer("total").notNull().default(0),
    safe: integer("safe").notNull().default(0),
    warning: integer("warning").notNull().default(0),
    critical: integer("critical").notNull().default(0),
    tokens: integer("tokens").notNull().default(0),
    cost: real("cost").notNull().default(0),
    latencySum: integer("latency_sum").notNull().default(0),
    latencyCount: integer("latency_count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.day, t.model] })],
);

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

/** Distinct users seen per day, so "active users" over a range is a small COUNT(DISTINCT) over this table. */
export const dailyActiveUsers = sqliteTable(
  "daily_active_users",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    userId: text("user_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.day, t.userId] })],
);

/**
 * Per-hour counters maintained by a trigger on every stored log: the anomaly detector's baseline
 * (the last full hour against the week before it) without scanning logs, and independent of retention.
 * Only the detector reads it; the retention job prunes it to a few weeks.
 */
export const hourlyUsage = sqliteTable(
  "hourly_usage",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Start of the hour, epoch ms. */
    hour: integer("hour").notNull(),
    total: integer("total").notNull().default(0),
    /** Logs flagged warning or critical. */
    flagged: integer("flagged").notNull().default(0),
    tokens: integer("tokens").notNull().default(0),
    cost: real("cost").notNull().default(0),
    /** When the detector evaluated this hour for this organization, so each of its runs picks up where the last stopped. */
    anomalyCheckedAt: integer("anomaly_checked_at"),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.hour] }), index("hourly_usage_hour").on(t.hour, t.anomalyCheckedAt)],
);

export const alerts = sqliteTable(
  "alerts",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    severity: text("severity").notNull(),
    message: text("message").notNull(),
    /** Flag reason or anomaly metric the alert is about; part of the burst-grouping key. */
    reason: text("reason").notNull().default(""),
    /** Start of the grouping window (ms); a burst of the same type and reason inside it bumps `count`. */
    windowStart: integer("window_start").notNull().default(0),
    count: integer("count").notNull().default(1),
    logId: text("log_id"),
    createdAt: createdAt(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
    acknowledged: integer("acknowledged", { mode: "boolean" }).notNull().default(false),
    acknowledgedAt: integer("acknowledged_at", { mode: "timestamp_ms" }),
    acknowledgedBy: text("acknowledged_by"),
  },
  (t) => [
    index("alerts_org_ack_created").on(t.orgId, t.acknowledged, t.createdAt),
    index("alerts_org_created").on(t.orgId, t.createdAt),
    uniqueIndex("alerts_group").on(t.orgId, t.type, t.reason, t.windowStart),
  ],
);

export const webhooks = sqliteTable(
  "webhooks",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    url: text("url").notNull(),
    events: text("events", { mode: "json" }).$type<string[]>().notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    secret: text("secret").notNull(),
    disabledReason: text("disabled_reason"),
    createdAt: createdAt(),
  },
  (t) => [index("webhooks_org_created").on(t.orgId, t.createdAt)],
);

export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The webhook (control database); no foreign key: deliveries live in the data shard (0011_tenant_shards.sql). */
    webhookId: text("webhook_id").notNull(),
    /** The Standard Webhooks `webhook-id`: stable across retries of one event. */
    messageId: text("message_id").notNull(),
    eventType: text("event_type").notNull(),
    attempt: integer("attempt").notNull(),
    statusCode: integer("status_code"),
    success: integer("success", { mode: "boolean" }).notNull(),
    error: text("error"),
    durationMs: integer("duration_ms"),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_deliveries_webhook_created").on(t.webhookId, t.createdAt),
    index("webhook_deliveries_org_created").on(t.orgId, t.createdAt),
  ],
);

/**
 * One row per (webhook or integration, event message): the consumer claims it before sending and
 * only the winner sends, so concurrent or repeated queue deliveries reach a receiver once.
 * `delivered` marks a successful send; a failed send deletes the claim so a retry can claim again.
 */
export const deliveryClaims = sqliteTable(
  "delivery_claims",
  {
    targetId: text("target_id").notNull(),
    messageId: text("message_id").notNull(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    delivered: integer("delivered", { mode: "boolean" }).notNull().default(false),
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.targetId, t.messageId] }), index("delivery_claims_claimed").on(t.claimedAt)],
);

export const integrations = sqliteTable(
  "integrations",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type", { enum: ["webhook", "email", "slack", "discord"] }).notNull(),
    config: text("config", { mode: "json" }).$type<IntegrationConfig>().notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("integrations_org_created").on(t.orgId, t.createdAt)],
);

export const customMetrics = sqliteTable(
  "custom_metrics",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    query: text("query").notNull(),
    type: text("type", { enum: ["count", "avg", "sum", "percentage"] }).notNull(),
    visualization: text("visualization", { enum: ["line", "bar", "pie", "number"] }).notNull(),
    refreshInterval: integer("refresh_interval").notNull().default(300),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    lastValue: text("last_value", { mode: "json" }).$type<unknown>(),
    lastRefreshedAt: integer("last_refreshed_at", { mode: "timestamp_ms" }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("custom_metrics_org_created").on(t.orgId, t.createdAt)],
);

export const anomalyDetections = sqliteTable(
  "anomaly_detections",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    metricName: text("metric_name").notNull(),
    currentValue: real("current_value").notNull(),
    threshold: real("threshold").notNull(),
    baseline: real("baseline"),
    severity: text("severity", { enum: ["low", "medium", "high", "critical"] }).notNull(),
    status: text("status", { enum: ["open", "resolved"] })
      .notNull()
      .default("open"),
    detectedAt: createdAt(),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("anomaly_detections_org_detected").on(t.orgId, t.detectedAt),
    index("anomaly_detections_org_metric_status").on(t.orgId, t.metricName, t.status),
  ],
);

export type Organization = typeof organizations.$inferSelect;
export type OrgSettings = typeof orgSettings.$inferSelect;
export type TeamMember = typeof teamMembers.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;
export type PromptLogRow = typeof promptLogs.$inferSelect;
export type LogFingerprintRow = typeof logFingerprints.$inferSelect;
export type AlertRow = typeof alerts.$inferSelect;
export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type IntegrationRow = typeof integrations.$inferSelect;
export type CustomMetricRow = typeof customMetrics.$inferSelect;
export type AnomalyRow = typeof anomalyDetections.$inferSelect;

// ── Flag feedback (docs/flags.md) ────────────────────────────────────────────
/**
 * An operator's verdict on one log, with the flag as it stood when judged (the detector may change,
 * retraining needs what the operator saw). One row per log: a log belongs to exactly one organization,
 * and the row carries that org_id so every read stays bound to the tenant. The row goes with its log
 * (ON DELETE CASCADE), so retention and Delete All Data remove feedback too; the primary key on log_id
 * keeps that cascade an index lookup.
 */
export const flagFeedback = sqliteTable(
  "flag_feedback",
  {
    logId: text("log_id")
      .primaryKey()
      .references(() => promptLogs.id, { onDelete: "cascade" }),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    verdict: text("verdict", { enum: FEEDBACK_VERDICTS }).notNull(),
    note: text("note"),
    flagStatus: text("flag_status", { enum: FLAG_STATUSES }).notNull(),
    flagReasons: text("flag_reasons", { mode: "json" }).$type<string[]>().notNull(),
    /** The member who judged (or the key, for a key without a member). */
    reviewedBy: text("reviewed_by").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("flag_feedback_org_verdict").on(t.orgId, t.verdict), index("flag_feedback_org_log").on(t.orgId, t.logId)],
);
export type FlagFeedbackRow = typeof flagFeedback.$inferSelect;

// ── Audit log ────────────────────────────────────────────────────────────────
/** The changed fields of a record, old or new; secrets stand as AUDIT_SECRET. */
export type AuditValues = Record<string, unknown>;

/**
 * Append-only record of changes to an organization's policy and access (worker/src/queries/audit.ts).
 * The same table exists in every database: a record is written in the batch of the change it records,
 * so it lives where that change lives — flag feedback in the data shard, everything else in the
 * control database — and GET /api/audit reads both. Ids are ULIDs: newest first by id is newest first
 * by time, in either database, so one cursor pages the two. Migration 0016 refuses UPDATE; rows go
 * only with their organization's retention (schedules/retention.ts), Delete All Data (the shard's) or
 * the organization.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    actorType: text("actor_type", { enum: AUDIT_ACTOR_TYPES }).notNull(),
    /** The member's id, or the key's for a key of no member. */
    actorId: text("actor_id").notNull(),
    /** The actor's name when they acted (a member or key may be renamed or removed later). */
    actorName: text("actor_name").notNull(),
    /** The key (or the key behind the session) the change was made with. */
    keyId: text("key_id").notNull(),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    entityType: text("entity_type", { enum: AUDIT_ENTITY_TYPES }).notNull(),
    entityId: text("entity_id").notNull(),
    before: text("before", { mode: "json" }).$type<AuditValues>(),
    after: text("after", { mode: "json" }).$type<AuditValues>(),
  },
  (t) => [
    index("audit_log_org_id").on(t.orgId, t.id),
    index("audit_log_org_entity").on(t.orgId, t.entityType, t.id),
    index("audit_log_org_actor").on(t.orgId, t.actorId, t.id),
    index("audit_log_org_created").on(t.orgId, t.createdAt),
  ],
);
export type AuditRow = typeof auditLog.$inferSelect;

/**
 * Parts of OTLP model calls waiting for the rest (worker/src/otel/pending.ts): a span without a prompt,
 * or the GenAI log events of a span, until both are here. Sealed payloads (worker/src/otel/seal.ts);
 * rows live minutes (docs/otel.md). A data table: it lives with the organization's logs.
 */
export const otelPending = sqliteTable(
  "otel_pending",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    traceId: text("trace_id").notNull(),
    spanId: text("span_id").notNull(),
    kind: text("kind", { enum: ["span", "events"] }).notNull(),
    /** Keyed digest of the payload: a retried export's part is recognised and stored once. Empty for a span (one per id). */
    digest: text("digest").notNull(),
    hasInput: integer("has_input", { mode: "boolean" }).notNull(),
    hasOutput: integer("has_output", { mode: "boolean" }).notNull(),
    /** The span ended with an error status: complete without an answer. */
    failed: integer("failed", { mode: "boolean" }).notNull(),
    /** The key that sent the part (the joined log's apiKeyId comes from the span's). */
    apiKeyId: text("api_key_id"),
    payload: text("payload").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("otel_pending_part").on(t.orgId, t.traceId, t.spanId, t.kind, t.digest),
    index("otel_pending_created").on(t.createdAt),
  ],
);
