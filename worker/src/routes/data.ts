// Danger Zone (DESIGN §5): deletes the organization's logs, aggregates, alerts, anomalies and
// deliveries after the caller types the organization name. Keys, team, settings and configuration stay.
import { Hono } from "hono";
import { deleteDataBody } from "../../../schema/validation";
import type { AppEnv } from "../env";
import { badRequest } from "../errors";
import { orgOf, requirePermission } from "../middleware/auth";
import { organizationName } from "../queries/accounts";
import { deleteOrganizationData } from "../queries/data";
import { jsonBody } from "../validate";

export const dataRoutes = new Hono<AppEnv>().delete("/", requirePermission("admin"), ...jsonBody(deleteDataBody), async (c) => {
  const orgId = orgOf(c);
  const { confirm } = c.req.valid("json");
  if (confirm.trim() !== (await organizationName(c.var.db, orgId))) {
    const message = "Type the organization name exactly to confirm";
    throw badRequest(message, { confirm: [message] });
  }
  await deleteOrganizationData(c.var.db, orgId);
  return c.json({ deleted: true });
});
