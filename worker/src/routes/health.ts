import { Hono } from "hono";
import { healthSchema } from "@promptsentry/schema/responses";
import type { AppEnv } from "../env";
import { json, publicRoute } from "../middleware/guard";

/** No auth, no database: the baseline the benchmarks compare against. */
export const healthRoutes = new Hono<AppEnv>().get(
  "/health",
  publicRoute({ summary: "Liveness check", tag: "Account", answers: json(healthSchema) }),
  (c) => c.json({ ok: true } as const),
);
