// Custom metrics CRUD (spec §5, §7). Reading needs logs:read; managing needs admin.
import { and, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { customMetrics } from "../../../schema/tables";
import { customMetricBody, idParam } from "../../../schema/validation";
import type { AppEnv } from "../env";
import { notFound } from "../errors";
import { newId } from "../lib/ids";
import { orgOf, requirePermission } from "../middleware/auth";
import { serializeCustomMetric } from "../serialize";
import { jsonBody, validate } from "../validate";

export const customMetricRoutes = new Hono<AppEnv>()
  .get("/", requirePermission("logs:read"), async (c) => {
    const rows = await c.var.db.select().from(customMetrics).where(eq(customMetrics.orgId, orgOf(c))).orderBy(desc(customMetrics.createdAt), desc(customMetrics.id));
    return c.json(rows.map(serializeCustomMetric));
  })
  .post("/", requirePermission("admin"), ...jsonBody(customMetricBody), async (c) => {
    const [row] = await c.var.db
      .insert(customMetrics)
      .values({ id: newId(), orgId: orgOf(c), ...c.req.valid("json"), createdAt: new Date() })
      .returning();
    return c.json(serializeCustomMetric(row), 201);
  })
  .delete("/:id", requirePermission("admin"), validate("param", idParam), async (c) => {
    const deleted = await c.var.db
      .delete(customMetrics)
      .where(and(eq(customMetrics.orgId, orgOf(c)), eq(customMetrics.id, c.req.valid("param").id)))
      .returning({ id: customMetrics.id });
    if (!deleted.length) throw notFound("Custom metric");
    return c.body(null, 204);
  });
