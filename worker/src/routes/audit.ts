// The audit log (docs/api.md#audit-log): admins read who changed the organization's policy and access.
// There is no route that changes or deletes a record: they are written only with the change they
// record, and leave only with retention, Delete All Data (flag feedback's) or the organization.
import { Hono } from "hono";
import { auditEntrySchema } from "@promptsentry/schema/responses";
import { auditQuery } from "@promptsentry/schema/requests/audit";
import type { AppEnv } from "../env";
import { orgOf } from "../middleware/auth";
import { guard, list } from "../middleware/guard";
import { listAudit } from "../queries/audit";
import { serializeAudit } from "../serialize";
import { newestFirst, requestSegments } from "../tenancy/segments";
import { validate } from "../validate";

export const auditRoutes = new Hono<AppEnv>().get(
  "/",
  ...guard("admin", {
    summary: "Audit log: who changed settings, keys, members, webhooks, integrations or flag feedback, old → new, newest first",
    tag: "Audit",
    answers: list(auditEntrySchema),
  }),
  validate("query", auditQuery),
  async (c) => {
    const segments = newestFirst(await requestSegments(c)).map((s) => s.db);
    const rows = await listAudit({ db: c.var.db, segments }, orgOf(c), c.req.valid("query"));
    return c.json(rows.map(serializeAudit));
  },
);
