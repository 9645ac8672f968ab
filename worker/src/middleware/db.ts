import { drizzle } from "drizzle-orm/d1";
import { createMiddleware } from "hono/factory";
import * as tables from "../../../schema/tables";
import type { AppEnv } from "../env";

export const createDb = (d1: D1Database) => drizzle(d1, { schema: tables });

/** Puts a Drizzle client on `c.var.db` for every request. */
export const withDb = createMiddleware<AppEnv>(async (c, next) => {
  c.set("db", createDb(c.env.DB));
  await next();
});
