// The audit log: each change to an organization's policy or access (docs/api.md).
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { AUDIT_ACTIONS, AUDIT_ACTOR_TYPES, AUDIT_ENTITY_TYPES } from "../constants/audit";
import { organizations } from "./organizations";
import { createdAt } from "./columns";

/** The changed fields of a record, old or new; secrets stand as AUDIT_SECRET. */
export type AuditValues = Record<string, unknown>;

/**
 * Append-only record of changes to an organization's policy and access (worker/src/queries/audit.ts).
 * The same table exists in every database: a record is written in the batch of the change it records,
 * so it lives where that change lives — flag feedback beside the verdict, in its log's segment (the
 * data shard or a pool database, copied to the control database when that segment is emptied),
 * everything else in the control database — and GET /api/audit reads them all. Ids are ULIDs: newest first by id is newest first by time, in every database, so one cursor
 * pages them together. Migration 0016 refuses UPDATE; rows go only with their organization's retention
 * (schedules/retention.ts), Delete All Data (the segments') or the organization.
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
