// Custom metrics (spec §5, §7, DESIGN §8). Reading needs logs:read; managing needs admin. A query is
// checked by the SQL sandbox and run once before anything is stored, so a metric never exists
// without a value or a reason why not.
import { and, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { customMetrics } from "../../../schema/tables";
import { customMetricBody, idParam } from "../../../schema/validation";
import type { AppEnv } from "../env";
import { badRequest, notFound } from "../errors";
import { newId } from "../lib/ids";
import { computeMetricValue, refreshMetric } from "../metrics/run";
import { MetricQueryError } from "../metrics/sandbox";
import { orgOf, requirePermission } from "../middleware/auth";
import { serializeCustomMetric } from "../serialize";
import { jsonBody, validate } from "../validate";

export const customMetricRoutes = new Hono<AppEnv>()
  .get("/", requirePermission("logs:read"), async (c) => {
    const rows = await c.var.db.select().from(customMetrics).where(eq(customMetrics.orgId, orgOf(c))).orderBy(desc(customMetrics.createdAt), desc(customMetrics.id));
    return c.json(rows.map(serializeCustomMetric));
  })
  .post("/", requirePermission("admin"), ...jsonBody(customMetricBody), async (c) => {
    const body = c.req.valid("json");
    const now = Date.now();
    let lastValue: unknown;
    try {
      lastValue = await computeMetricValue(c.var.db, orgOf(c), body, now);
    } catch (error) {
      if (error instanceof MetricQueryError) throw badRequest(error.message, { query: [error.message] });
      throw error;
    }
    const [row] = await c.var.db
      .insert(customMetrics)
      .values({ id: newId(), orgId: orgOf(c), ...body, lastValue, lastRefreshedAt: new Date(now), createdAt: new Date(now) })
      .returning();
    return c.json(serializeCustomMetric(row), 201);
  })
  .post("/:id/refresh", requirePermission("admin"), validate("param", idParam), async (c) => {
    const db = c.var.db;
    const [metric] = await db
      .select()
      .from(customMetrics)
      .where(and(eq(customMetrics.orgId, orgOf(c)), eq(customMetrics.id, c.req.valid("param").id)));
    if (!metric) throw notFound("Custom metric");
    return c.json(serializeCustomMetric(await refreshMetric(db, metric, Date.now())));
  })
  .delete("/:id", requirePermission("admin"), validate("param", idParam), async (c) => {
    const deleted = await c.var.db
      .delete(customMetrics)
      .where(and(eq(customMetrics.orgId, orgOf(c)), eq(customMetrics.id, c.req.valid("param").id)))
      .returning({ id: customMetrics.id });
    if (!deleted.length) throw notFound("Custom metric");
    return c.body(null, 204);
  });
