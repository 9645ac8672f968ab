// Stats, trends and analytics lists, all from the daily aggregates (spec §7, DESIGN §5).
import { Hono } from "hono";
import { daysQuery } from "../../../schema/validation";
import type { AppEnv } from "../env";
import { orgOf, requirePermission } from "../middleware/auth";
import { getCostTracking, getModelUsage, getPerformance, getStats, getTrends } from "../queries/analytics";
import { validate } from "../validate";

const read = [requirePermission("logs:read"), validate("query", daysQuery)] as const;

export const analyticsRoutes = new Hono<AppEnv>()
  .get("/stats", ...read, async (c) => c.json(await getStats(c.var.db, orgOf(c), c.req.valid("query").days)))
  .get("/trends", ...read, async (c) => c.json(await getTrends(c.var.db, orgOf(c), c.req.valid("query").days)))
  .get("/analytics/models", ...read, async (c) => c.json(await getModelUsage(c.var.db, orgOf(c), c.req.valid("query").days)))
  .get("/cost-tracking", ...read, async (c) => c.json(await getCostTracking(c.var.db, orgOf(c), c.req.valid("query").days)))
  .get("/performance-metrics", ...read, async (c) =>
    c.json(await getPerformance(c.var.db, orgOf(c), c.req.valid("query").days)),
  );
