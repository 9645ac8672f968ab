import { drizzle } from "drizzle-orm/d1";
import { createMiddleware } from "hono/factory";
import * as tables from "../../../schema/tables";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { DbRef } from "../ingestion/jobs";

export const createDb = (d1: D1Database) => drizzle(d1, { schema: tables });

/** Puts a Drizzle client on `c.var.db` for every request. */
export const withDb = createMiddleware<AppEnv>(async (c, next) => {
  c.set("db", createDb(c.env.DB));
  await next();
});

/**
 * The binding behind `c.var.db`, by name: where a request's logs are written. The group commit runs in
 * a Durable Object, which cannot be handed a client, so it is told the binding (change both together).
 */
export const logsDbRef = (_c: Context<AppEnv>): DbRef => "DB";
