// The Drizzle client of a D1 binding, and which data shard's binding a signed-in request writes to.
import { drizzle } from "drizzle-orm/d1";
import * as tables from "@promptsentry/schema/tables";
import type { Context } from "hono";
import { DATA_SHARDS, type DataShardBinding } from "@promptsentry/schema/shards";
import type { AppEnv } from "../env";

type Db = ReturnType<typeof build>;
const build = (d1: D1Database) => drizzle(d1, { schema: tables });

/**
 * One Drizzle client per D1 binding, made on first use: drizzle() walks every table of the schema
 * to build its relational config, ≈ 30 µs of workerd CPU, which on each request cost more than the
 * whole health route (docs/performance.md). The client holds nothing but the binding, and workerd
 * hands an isolate's requests the same binding object; another object (a test's wrapper) gets its own.
 */
const clients = new WeakMap<D1Database, Db>();
export function createDb(d1: D1Database): Db {
  let db = clients.get(d1);
  if (!db) clients.set(d1, (db = build(d1)));
  return db;
}

/**
 * The binding behind `c.var.data`, by name: the signed-in organization's data shard, where its logs
 * are written. The group commit runs in a Durable Object, which cannot be handed a client, so it is
 * told the binding (tenancy/shards.ts resolves the same name for `c.var.data`).
 */
export const logsDbRef = (c: Context<AppEnv>): DataShardBinding => {
  const principal = c.var.principal;
  if (!principal) throw new Error("logsDbRef needs a signed-in principal");
  return DATA_SHARDS[principal.shard];
};
