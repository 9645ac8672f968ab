import { Hono } from "hono";
import type { AppEnv } from "../env";

/** No auth, no database: the baseline the benchmarks compare against. */
export const healthRoutes = new Hono<AppEnv>().get("/health", (c) => c.json({ ok: true }));
