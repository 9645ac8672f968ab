// Prompt logs and what hangs on them: fingerprints of redacted values, flag feedback, OTLP parts waiting for
// the rest (data shards, docs/data.md).
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import type { Conversation } from "../conversation";
import type { Finding } from "../responses/logs";
import type { RedactionMode } from "../constants/privacy";
import { FEEDBACK_VERDICTS } from "../constants/feedback";
import { FLAG_STATUSES } from "../constants/flags";
import { organizations } from "./organizations";
import { createdAt } from "./columns";

/** A finding and an integration's config are stored as the API answers them: one definition each, in schema/responses. */
export type { Finding } from "../responses/logs";

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
export type PromptLogRow = typeof promptLogs.$inferSelect;
export type LogFingerprintRow = typeof logFingerprints.$inferSelect;

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
