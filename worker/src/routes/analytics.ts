// Stats, trends and analytics lists, all from the daily aggregates (docs/api.md), over the
// organization's segments that overlap the window (docs/scaling.md#step-3--segments).
import { type Context, Hono } from "hono";
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
import { segmentDbs } from "../queries/segment-analytics";
import { topSpendersIn } from "../queries/segment-spenders";
import { requestSegments } from "../tenancy/segments";
import { validate } from "../validate";

/** The organization's databases per window: the live segments overlapping it. */
const windowDbs = async (c: Context<AppEnv>) => segmentDbs(await requestSegments(c));

/** Every analytics read: logs:read, over the last `days` days. */
const read = (doc: Omit<RouteDoc, "tag">) => [...guard("logs:read", { ...doc, tag: "Analytics" }), validate("query", daysQuery)] as const;

export const analyticsRoutes = new Hono<AppEnv>()
  .get("/stats", ...read({ summary: "Totals of the last N days and of the N days before", answers: json(statsSchema) }), async (c) =>
    c.json(await getStats(await windowDbs(c), orgOf(c), c.req.valid("query").days)),
  )
  .get("/trends", ...read({ summary: "Safe / warning / critical per day, zero-filled", answers: list(trendEntrySchema) }), async (c) =>
    c.json(await getTrends(await windowDbs(c), orgOf(c), c.req.valid("query").days)),
  )
  .get("/analytics/models", ...read({ summary: "Prompts, tokens, cost and share per model", answers: list(modelUsageSchema) }), async (c) =>
    c.json(await getModelUsage(await windowDbs(c), orgOf(c), c.req.valid("query").days)),
  )
  .get("/cost-tracking", ...read({ summary: "Cost and tokens per day", answers: list(costEntrySchema) }), async (c) =>
    c.json(await getCostTracking(await windowDbs(c), orgOf(c), c.req.valid("query").days)),
  )
  .get(
    "/performance-metrics",
    ...read({ summary: "Latency percentiles and volume per day", answers: list(performanceEntrySchema) }),
    async (c) => c.json(await getPerformance(await windowDbs(c), orgOf(c), c.req.valid("query").days)),
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
