// The audit log (GET /api/audit): who changed what, from what to what, and when.
import * as v from "valibot";
import { AUDIT_ACTIONS, AUDIT_ACTOR_TYPES, AUDIT_ENTITY_TYPES } from "../constants/audit";
import { id, timestamp } from "./common";

/** The changed fields only, as stored: secrets read "[secret]"; null on the side where the entity did not exist. */
const values = v.nullable(v.record(v.string(), v.unknown()));

export const auditEntrySchema = v.object({
  id,
  createdAt: timestamp,
  actor: v.object({
    type: v.picklist(AUDIT_ACTOR_TYPES),
    /** The member's id (the key's for a key of no member). */
    id,
    /** Their name when they acted. */
    name: v.string(),
  }),
  /** The key (or the key behind the session) the change was made with. */
  keyId: id,
  action: v.picklist(AUDIT_ACTIONS),
  entityType: v.picklist(AUDIT_ENTITY_TYPES),
  entityId: id,
  before: values,
  after: values,
});
export type AuditEntry = v.InferOutput<typeof auditEntrySchema>;
