// Danger Zone (docs/api.md): deletes the organization's logs, aggregates, alerts, anomalies and
// deliveries (and flag feedback with its audit records) after the caller types the organization name.
// Keys, team, settings, configuration and their audit log stay; the deletion itself is recorded there.
import { Hono } from "hono";
import { deletedSchema, type Deleted } from "@promptsentry/schema/responses";
import { deleteDataBody } from "@promptsentry/schema/requests/settings";
import type { AppEnv } from "../env";
import { badRequest } from "../errors";
import { auditRecorder } from "../lib/audit";
import { orgOf } from "../middleware/auth";
import { guard, json } from "../middleware/guard";
import { forgetsIngestContext } from "../middleware/ingest-context";
import { organizationName } from "../queries/accounts";
import { deleteOrganizationData } from "../queries/data";
import { requestSegments } from "../tenancy/segments";
import { jsonBody } from "../validate";

export const dataRoutes = new Hono<AppEnv>()
  // The quota usage the organization's committer keeps is gone with the data: it reads it again.
  .use(forgetsIngestContext)
  .delete(
    "/",
    ...guard("admin", {
      summary: "Delete all logs, alerts and analytics (body confirms the organization name)",
      tag: "Settings",
      answers: json(deletedSchema),
    }),
    ...jsonBody(deleteDataBody),
    async (c) => {
      const orgId = orgOf(c);
      const { confirm } = c.req.valid("json");
      if (confirm.trim() !== (await organizationName(c.var.db, orgId))) {
        const message = "Type the organization name exactly to confirm";
        throw badRequest(message, { confirm: [message] });
      }
      await deleteOrganizationData({ db: c.var.db, segments: await requestSegments(c) }, orgId, await auditRecorder(c));
      return c.json({ deleted: true } satisfies Deleted);
    },
  );
