import { drizzle } from "drizzle-orm/d1";
import { createMiddleware } from "hono/factory";
import * as tables from "../../../schema/tables";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { DbRef } from "../ingestion/jobs";

/**
 * One Drizzle client per D1 binding object: building one walks every table's relational config, a
 * measurable share of a small request's CPU when done per request (scripts/profile-ingest.mjs --cpu).
 */
const clients = new WeakMap<D1Database, ReturnType<typeof build>>();
const build = (d1: D1Database) => drizzle(d1, { schema: tables });

export function createDb(d1: D1Database) {
  let db = clients.get(d1);
  if (!db) clients.set(d1, (db = build(d1)));
  return db;
}

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
