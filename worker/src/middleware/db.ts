import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { createDb } from "../tenancy/db";

/** Puts a Drizzle client on `c.var.db` for every request. */
export const withDb = createMiddleware<AppEnv>(async (c, next) => {
  c.set("db", createDb(c.env.DB));
  await next();
});
