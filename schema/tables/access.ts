// API keys and sessions (control database, docs/auth-and-tenancy.md, docs/sessions.md).
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import type { Permission } from "../constants/access";
import { organizations, teamMembers } from "./organizations";
import { createdAt } from "./columns";

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
export type ApiKey = typeof apiKeys.$inferSelect;
