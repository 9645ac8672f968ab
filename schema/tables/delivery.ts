// Webhooks, integrations, deliveries and their claims (docs/delivery.md).
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { IntegrationConfig } from "../responses/integrations";
import { organizations } from "./organizations";
import { createdAt } from "./columns";

export type { IntegrationConfig } from "../responses/integrations";

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
export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type IntegrationRow = typeof integrations.$inferSelect;
