// Custom metrics (schema/validation.ts, docs/api.md#calls, docs/data.md). Reading needs logs:read; managing needs admin. A query is
// checked by the SQL sandbox and run once before anything is stored, so a metric never exists
// without a value or a reason why not.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { MAX_CUSTOM_METRICS_PER_ORG } from "../../../schema/constants";
import { customMetrics } from "../../../schema/tables";
import { customMetricSchema } from "../../../schema/responses";
import { customMetricBody, idParam } from "../../../schema/validation";
import type { AppEnv, Db } from "../env";
import { ApiError, badRequest, notFound } from "../errors";
import { newId } from "../lib/ids";
import { computeMetricValue, refreshMetric } from "../metrics/run";
import { MetricQueryError } from "../metrics/sandbox";
import { orgOf } from "../middleware/auth";
import { guard, json, list, noContent } from "../middleware/guard";
import { serializeCustomMetric } from "../serialize";
import { jsonBody, validate } from "../validate";

const limitReached = () =>
  new ApiError(409, "limit_reached", `An organization can have at most ${MAX_CUSTOM_METRICS_PER_ORG} custom metrics; delete one to add another`);

async function metricCount(db: Db, orgId: string) {
  const [row] = await db.select({ n: count() }).from(customMetrics).where(eq(customMetrics.orgId, orgId));
  return row.n;
}

export const customMetricRoutes = new Hono<AppEnv>()
  .get(
    "/",
    ...guard("logs:read", { summary: "Custom metrics with their latest values", tag: "Analytics", answers: list(customMetricSchema) }),
    async (c) => {
      const rows = await c.var.db.select().from(customMetrics).where(eq(customMetrics.orgId, orgOf(c))).orderBy(desc(customMetrics.createdAt), desc(customMetrics.id));
      return c.json(rows.map(serializeCustomMetric));
    },
  )
  .post(
    "/",
    ...guard("admin", {
      summary: "Create a custom SQL metric (sandboxed to the organization's logs)",
      tag: "Analytics",
      answers: json(customMetricSchema, 201),
      errors: { 409: "`limit_reached`: the organization already has the most custom metrics it may have; delete one to add another" },
    }),
    ...jsonBody(customMetricBody),
    async (c) => {
      const body = c.req.valid("json");
      const { db } = c.var;
      const orgId = orgOf(c);
      // Checked before the query runs, so an organization at the cap costs no query.
      if ((await metricCount(db, orgId)) >= MAX_CUSTOM_METRICS_PER_ORG) throw limitReached();
      const now = Date.now();
      let lastValue: unknown;
      try {
        lastValue = await computeMetricValue(db, orgId, body, now);
      } catch (error) {
        if (error instanceof MetricQueryError) throw badRequest(error.message, { query: [error.message] });
        throw error;
      }
      // Insert and re-count in one transaction (a D1 batch): of concurrent creates past the cap, none is kept.
      const id = newId();
      const [[row], over] = await db.batch([
        db.insert(customMetrics).values({ id, orgId, ...body, lastValue, lastRefreshedAt: new Date(now), createdAt: new Date(now) }).returning(),
        db
          .delete(customMetrics)
          .where(and(eq(customMetrics.id, id), sql`(SELECT count(*) FROM ${customMetrics} WHERE ${customMetrics.orgId} = ${orgId}) > ${MAX_CUSTOM_METRICS_PER_ORG}`))
          .returning({ id: customMetrics.id }),
      ]);
      if (over.length) throw limitReached();
      return c.json(serializeCustomMetric(row), 201);
    },
  )
  .post(
    "/:id/refresh",
    ...guard("admin", {
      summary: "Recompute a custom metric now",
      tag: "Analytics",
      answers: json(customMetricSchema),
      errors: { 404: "`not_found`: no such custom metric in the organization" },
    }),
    validate("param", idParam),
    async (c) => {
      const db = c.var.db;
      const [metric] = await db
        .select()
        .from(customMetrics)
        .where(and(eq(customMetrics.orgId, orgOf(c)), eq(customMetrics.id, c.req.valid("param").id)));
      if (!metric) throw notFound("Custom metric");
      return c.json(serializeCustomMetric(await refreshMetric(db, metric, Date.now())));
    },
  )
  .delete(
    "/:id",
    ...guard("admin", {
      summary: "Delete a custom metric",
      tag: "Analytics",
      answers: noContent(),
      errors: { 404: "`not_found`: no such custom metric in the organization" },
    }),
    validate("param", idParam),
    async (c) => {
      const deleted = await c.var.db
        .delete(customMetrics)
        .where(and(eq(customMetrics.orgId, orgOf(c)), eq(customMetrics.id, c.req.valid("param").id)))
        .returning({ id: customMetrics.id });
      if (!deleted.length) throw notFound("Custom metric");
      return c.body(null, 204);
    },
  );
