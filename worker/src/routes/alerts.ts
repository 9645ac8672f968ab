// Alerts: list with the `acknowledged` filter, and acknowledge (spec §7).
import { and, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { alerts } from "../../../schema/tables";
import { alertsQuery, idParam } from "../../../schema/validation";
import type { AppEnv } from "../env";
import { notFound } from "../errors";
import { orgOf, requirePermission, requirePrincipal } from "../middleware/auth";
import { serializeAlert } from "../serialize";
import { validate } from "../validate";

export const alertRoutes = new Hono<AppEnv>()
  .get("/", requirePermission("alerts:read"), validate("query", alertsQuery), async (c) => {
    const { acknowledged, limit } = c.req.valid("query");
    const where = [eq(alerts.orgId, orgOf(c))];
    if (acknowledged) where.push(eq(alerts.acknowledged, acknowledged === "true"));
    const rows = await c.var.db
      .select()
      .from(alerts)
      .where(and(...where))
      .orderBy(desc(alerts.createdAt), desc(alerts.id))
      .limit(limit);
    return c.json(rows.map(serializeAlert));
  })
  .patch("/:id/acknowledge", requirePermission("alerts:write"), validate("param", idParam), async (c) => {
    const principal = requirePrincipal(c);
    const { id } = c.req.valid("param");
    const db = c.var.db;
    const mine = and(eq(alerts.orgId, principal.orgId), eq(alerts.id, id));
    // Acknowledging is one-way and idempotent: a second call keeps the first time and person.
    const [updated] = await db
      .update(alerts)
      .set({ acknowledged: true, acknowledgedAt: new Date(), acknowledgedBy: principal.memberId ?? principal.keyId })
      .where(and(mine, eq(alerts.acknowledged, false)))
      .returning();
    if (updated) return c.json(serializeAlert(updated));
    const [existing] = await db.select().from(alerts).where(mine).limit(1);
    if (!existing) throw notFound("Alert");
    return c.json(serializeAlert(existing));
  });
