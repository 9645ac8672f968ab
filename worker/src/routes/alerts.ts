// Alerts: list with the `acknowledged` filter, and acknowledge (spec §7).
import { Hono } from "hono";
import { TOTAL_COUNT_HEADER } from "../../../schema/constants";
import { alertsQuery, idParam } from "../../../schema/validation";
import type { AppEnv } from "../env";
import { orgOf, requirePermission, requirePrincipal } from "../middleware/auth";
import { acknowledgeAlert, listAlerts } from "../queries/alerts";
import { serializeAlert } from "../serialize";
import { validate } from "../validate";

export const alertRoutes = new Hono<AppEnv>()
  .get("/", requirePermission("alerts:read"), validate("query", alertsQuery), async (c) => {
    const { rows, total } = await listAlerts(c.var.db, orgOf(c), c.req.valid("query"));
    // The answer stays the spec's plain array; the count of every matching alert rides in a header.
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json(rows.map(serializeAlert));
  })
  .patch("/:id/acknowledge", requirePermission("alerts:write"), validate("param", idParam), async (c) => {
    const principal = requirePrincipal(c);
    const { id } = c.req.valid("param");
    const alert = await acknowledgeAlert(c.var.db, principal.orgId, id, principal.memberId ?? principal.keyId);
    return c.json(serializeAlert(alert));
  });
