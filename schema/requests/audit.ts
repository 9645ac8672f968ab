// The audit log's query (docs/api.md).
import * as v from "valibot";
import { LOGS_MAX_LIMIT, LOGS_PAGE_LIMIT } from "../constants/logs";
import { AUDIT_ENTITY_TYPES } from "../constants/audit";
import { intParam, isoDate } from "./fields";

/** A record id: the cursor compares ids (ULIDs, time-ordered) in both databases, so it must be one. */
const auditCursor = v.optional(v.pipe(v.string(), v.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/i, "before must be an audit record id")));

export const auditQuery = v.pipe(
  v.object({
    limit: intParam(1, LOGS_MAX_LIMIT, LOGS_PAGE_LIMIT),
    entityType: v.optional(v.picklist(AUDIT_ENTITY_TYPES, `entityType must be one of ${AUDIT_ENTITY_TYPES.join(", ")}`)),
    /** A member's id, or a key's for keys of no member. */
    actor: v.optional(
      v.pipe(v.string(), v.trim(), v.nonEmpty("actor must be a member or key id"), v.maxLength(64, "actor must be a member or key id")),
    ),
    from: v.optional(isoDate),
    to: v.optional(isoDate),
    before: auditCursor,
  }),
  v.forward(
    v.check((q) => !q.from || !q.to || q.from.getTime() <= q.to.getTime(), "from must not be after to"),
    ["from"],
  ),
);
export type AuditQuery = v.InferOutput<typeof auditQuery>;
