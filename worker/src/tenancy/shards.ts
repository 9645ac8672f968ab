// The shard map in code (docs/scaling.md): the control database is `DB`, the data shards are the
// D1 bindings named by DATA_SHARDS (schema/shards.ts) in index order. Everything that needs a data
// database comes through here, so adding a shard is a binding and a name, never a code change.
import { count, eq } from "drizzle-orm";
import { DATA_SHARDS } from "@promptsentry/schema/shards";
import { organizations } from "@promptsentry/schema/tables/organizations";
import type { Bindings, Db } from "../env";
import { createDb } from "./db";

export const SHARD_COUNT = DATA_SHARDS.length;

/** The data shards' D1 bindings, index n being shard n; a missing binding is a deployment error. */
export function shardBindings(env: Bindings): D1Database[] {
  return DATA_SHARDS.map((name) => {
    const d1 = env[name];
    if (!d1) throw new Error(`D1 binding ${name} is missing (wrangler.toml [[d1_databases]], schema/shards.ts)`);
    return d1;
  });
}

export function isShard(n: number): boolean {
  return Number.isInteger(n) && n >= 0 && n < SHARD_COUNT;
}

/** Shard n's database. */
export function shardDb(env: Bindings, n: number): Db {
  if (!isShard(n)) throw new Error(`No data shard ${n} (this deployment has ${SHARD_COUNT})`);
  return createDb(shardBindings(env)[n]);
}

/** Every shard's database, with its number: cross-tenant jobs run once per shard. */
export function allShards(env: Bindings): { shard: number; data: Db }[] {
  return shardBindings(env).map((d1, shard) => ({ shard, data: createDb(d1) }));
}

/** The shard named in the organization's row of the control database, or null for no such organization. */
export async function shardOf(db: Db, orgId: string): Promise<number | null> {
  const [row] = await db.select({ shard: organizations.shard }).from(organizations).where(eq(organizations.id, orgId)).limit(1);
  return row ? row.shard : null;
}

/** The organization's data database (work that starts from an org id: queue messages, schedules). */
export async function dataDbOf(env: Bindings, db: Db, orgId: string): Promise<Db | null> {
  const shard = await shardOf(db, orgId);
  return shard === null ? null : shardDb(env, shard);
}

/**
 * Where a new organization goes: the shard holding the fewest organizations, the lowest number on a
 * tie. Consecutive sign-ups therefore alternate, and a newly added (empty) shard takes every new
 * organization until it has caught up. Tenant count, not bytes: a big tenant is moved on its own.
 */
export async function pickShard(db: Db): Promise<number> {
  const rows = await db.select({ shard: organizations.shard, n: count() }).from(organizations).groupBy(organizations.shard);
  const load = new Map(rows.map((r) => [r.shard, r.n]));
  let best = 0;
  for (let n = 1; n < SHARD_COUNT; n++) if ((load.get(n) ?? 0) < (load.get(best) ?? 0)) best = n;
  return best;
}

/**
 * The tenant's row in its data shard: only the id (and its shard), no name or e-mail. It is the parent
 * the data tables' foreign keys need there, and deleting it deletes the tenant's data in that shard.
 * Ignored when present (a shard bound to the control database itself keeps the real row).
 */
export function registerTenant(data: Db, orgId: string, shard: number) {
  return data
    .insert(organizations)
    .values({ id: orgId, name: "", email: "", shard, trialEndsAt: null })
    .onConflictDoNothing({ target: organizations.id });
}

/** Orgs whose row names `shard` (the control database's index on shard). */
export function orgsOnShard(db: Db, shard: number) {
  return db.select({ id: organizations.id }).from(organizations).where(eq(organizations.shard, shard));
}
