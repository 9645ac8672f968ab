// Custom metrics (schema/requests/, docs/api.md#calls, docs/data.md). Reading needs logs:read; managing needs admin. A query is
// checked by the SQL sandbox and run once before anything is stored, so a metric never exists
// without a value or a reason why not.
import { Hono } from "hono";
import { MAX_CUSTOM_METRICS_PER_ORG } from "@promptsentry/schema/constants/metrics";
import { customMetricSchema } from "@promptsentry/schema/responses";
import { customMetricBody } from "@promptsentry/schema/requests/custom-metrics";
import { idParam } from "@promptsentry/schema/requests/fields";
import type { AppEnv } from "../env";
import { ApiError, badRequest } from "../errors";
import { newId } from "../lib/ids";
import { computeMetricValueIn, refreshMetric } from "../metrics/segment-run";
import { MetricQueryError } from "../metrics/sandbox";
import { orgOf } from "../middleware/auth";
import { guard, json, list, noContent } from "../middleware/guard";
import { deleteMetric, findMetric, insertMetricUnderCap, listMetrics, metricCount } from "../queries/custom-metrics";
import { serializeCustomMetric } from "../serialize";
import { requestSegments } from "../tenancy/segments";
import { jsonBody, validate } from "../validate";

const limitReached = () =>
  new ApiError(
    409,
    "limit_reached",
    `An organization can have at most ${MAX_CUSTOM_METRICS_PER_ORG} custom metrics; delete one to add another`,
  );

export const customMetricRoutes = new Hono<AppEnv>()
  .get(
    "/",
    ...guard("logs:read", { summary: "Custom metrics with their latest values", tag: "Analytics", answers: list(customMetricSchema) }),
    async (c) => {
      const rows = await listMetrics(c.var.db, orgOf(c));
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
        // The metric's SQL reads the organization's logs: it runs on the segments holding its window.
        lastValue = await computeMetricValueIn(await requestSegments(c), orgId, body, now);
      } catch (error) {
        if (error instanceof MetricQueryError) throw badRequest(error.message, { query: [error.message] });
        throw error;
      }
      const row = await insertMetricUnderCap(db, {
        id: newId(),
        orgId,
        ...body,
        lastValue,
        lastRefreshedAt: new Date(now),
        createdAt: new Date(now),
      });
      if (!row) throw limitReached();
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
      const metric = await findMetric(db, orgOf(c), c.req.valid("param").id);
      return c.json(serializeCustomMetric(await refreshMetric({ db, segments: await requestSegments(c) }, metric, Date.now())));
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
      await deleteMetric(c.var.db, orgOf(c), c.req.valid("param").id);
      return c.body(null, 204);
    },
  );
