// Stats, trends and analytics lists, all from the daily aggregates (docs/api.md).
import { Hono } from "hono";
import {
  costEntrySchema,
  spenderSchema,
  modelUsageSchema,
  performanceEntrySchema,
  statsSchema,
  trendEntrySchema,
} from "@promptsentry/schema/responses";
import { daysQuery, topSpendersQuery } from "@promptsentry/schema/requests/analytics";
import type { AppEnv } from "../env";
import { orgOf } from "../middleware/auth";
import { guard, json, list, type RouteDoc } from "../middleware/guard";
import { getCostTracking, getModelUsage, getPerformance, getStats, getTrends } from "../queries/analytics";
import { topSpendersIn } from "../queries/segment-spenders";
import { requestSegments } from "../tenancy/segments";
import { validate } from "../validate";

/** Every analytics read: logs:read, over the last `days` days. */
const read = (doc: Omit<RouteDoc, "tag">) => [...guard("logs:read", { ...doc, tag: "Analytics" }), validate("query", daysQuery)] as const;

export const analyticsRoutes = new Hono<AppEnv>()
  .get("/stats", ...read({ summary: "Totals of the last N days and of the N days before", answers: json(statsSchema) }), async (c) =>
    c.json(await getStats(c.var.data, orgOf(c), c.req.valid("query").days)),
  )
  .get("/trends", ...read({ summary: "Safe / warning / critical per day, zero-filled", answers: list(trendEntrySchema) }), async (c) =>
    c.json(await getTrends(c.var.data, orgOf(c), c.req.valid("query").days)),
  )
  .get("/analytics/models", ...read({ summary: "Prompts, tokens, cost and share per model", answers: list(modelUsageSchema) }), async (c) =>
    c.json(await getModelUsage(c.var.data, orgOf(c), c.req.valid("query").days)),
  )
  .get("/cost-tracking", ...read({ summary: "Cost and tokens per day", answers: list(costEntrySchema) }), async (c) =>
    c.json(await getCostTracking(c.var.data, orgOf(c), c.req.valid("query").days)),
  )
  .get(
    "/performance-metrics",
    ...read({ summary: "Latency percentiles and volume per day", answers: list(performanceEntrySchema) }),
    async (c) => c.json(await getPerformance(c.var.data, orgOf(c), c.req.valid("query").days)),
  )
  .get(
    "/analytics/users",
    ...guard("logs:read", {
      summary: "The users that cost the most over the last N days (default 30), with tokens, flags and last seen",
      tag: "Analytics",
      answers: list(spenderSchema),
    }),
    validate("query", topSpendersQuery),
    async (c) => {
      const { days, limit } = c.req.valid("query");
      return c.json(await topSpendersIn(await requestSegments(c), orgOf(c), "user", days, limit));
    },
  )
  .get(
    "/analytics/sessions",
    ...guard("logs:read", {
      summary: "The sessions that cost the most over the last N days (default 30), with tokens, flags and last seen",
      tag: "Analytics",
      answers: list(spenderSchema),
    }),
    validate("query", topSpendersQuery),
    async (c) => {
      const { days, limit } = c.req.valid("query");
      return c.json(await topSpendersIn(await requestSegments(c), orgOf(c), "session", days, limit));
    },
  );
