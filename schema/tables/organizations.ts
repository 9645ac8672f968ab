// Organizations, their settings and team members (control database, docs/data.md).
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { FlagRules } from "../constants/flags";
import { DETECTION_SENSITIVITIES } from "../constants/detection";
import type { RedactionMode } from "../constants/privacy";
import { GATEWAY_BLOCK_LEVELS } from "../constants/gateway";
import { createdAt } from "./columns";

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

export type Organization = typeof organizations.$inferSelect;
export type OrgSettings = typeof orgSettings.$inferSelect;
export type TeamMember = typeof teamMembers.$inferSelect;
