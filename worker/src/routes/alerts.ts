// Alerts: list with the `acknowledged` filter, and acknowledge (docs/api.md#calls).
import { and, count, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { TOTAL_COUNT_HEADER } from "../../../schema/constants";
import { alerts } from "../../../schema/tables";
import { alertSchema } from "../../../schema/responses";
import { alertsQuery, idParam } from "../../../schema/validation";
import type { AppEnv } from "../env";
import { notFound } from "../errors";
import { orgOf, requirePrincipal } from "../middleware/auth";
import { guard, json, list } from "../middleware/guard";
import { olderThanCursor } from "../queries/keyset";
import { serializeAlert } from "../serialize";
import { validate } from "../validate";

export const alertRoutes = new Hono<AppEnv>()
  .get(
    "/",
    ...guard("alerts:read", {
      summary: `Alerts, newest first, keyset-paginated; ${TOTAL_COUNT_HEADER} counts all matching`,
      tag: "Alerts",
      answers: list(alertSchema),
    }),
    validate("query", alertsQuery),
    async (c) => {
      const { acknowledged, limit, before } = c.req.valid("query");
      const orgId = orgOf(c);
      const filter = [eq(alerts.orgId, orgId)];
      if (acknowledged) filter.push(eq(alerts.acknowledged, acknowledged === "true"));
      const page = [...filter];
      if (before) page.push(olderThanCursor(alerts, orgId, before));
      const [rows, [total]] = await c.var.db.batch([
        c.var.db.select().from(alerts).where(and(...page)).orderBy(desc(alerts.createdAt), desc(alerts.id)).limit(limit),
        c.var.db.select({ n: count() }).from(alerts).where(and(...filter)),
      ]);
      // The answer stays the spec's plain array; the count of every matching alert rides in a header.
      c.header(TOTAL_COUNT_HEADER, String(total?.n ?? 0));
      return c.json(rows.map(serializeAlert));
    },
  )
  .patch(
    "/:id/acknowledge",
    ...guard("alerts:write", {
      summary: "Acknowledge an alert (one-way, idempotent)",
      tag: "Alerts",
      answers: json(alertSchema),
      errors: { 404: "`not_found`: no such alert in the organization" },
    }),
    validate("param", idParam),
    async (c) => {
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
    },
  );
