// The worker's D1 bindings (DB, the data shards, the segment pool) as node:sqlite databases behind
// lib/d1-sqlite.mjs: either a stopped local stack's own files, or fresh in-memory databases with the
// repository's migrations applied (tests). Lets the benchmarks run the worker's functions on them.
import { existsSync, readFileSync } from "node:fs";
import { createHash, createHmac } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { d1Over, openSqlite } from "./d1-sqlite.mjs";
import { migrationFiles } from "./sqlite-baseline.mjs";
import { unstable_readConfig } from "wrangler";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const databases = unstable_readConfig({ config: path.join(root, "wrangler.toml") }).d1_databases;
/** wrangler.toml's D1 bindings: the control database, the data shards, the segment pool. */
export const BINDINGS = databases.map((d) => d.binding);

/**
 * The file local D1 keeps a database in: Miniflare stores each database in a Durable Object named by
 * its database_id, and workerd derives an object's id from its name as below (a keyed hash, the
 * namespace's unique key "miniflare-D1DatabaseObject"). Miniflare does not export it.
 */
export function d1File(stateDir, databaseId) {
  const key = createHash("sha256").update("miniflare-D1DatabaseObject").digest();
  const name = createHmac("sha256", key).update(databaseId).digest().subarray(0, 16);
  const mac = createHmac("sha256", key).update(name).digest().subarray(0, 16);
  return path.join(stateDir, "v3", "d1", "miniflare-D1DatabaseObject", `${Buffer.concat([name, mac]).toString("hex")}.sqlite`);
}

/** Each binding's file in a stack's state directory (every one must exist: the stack has started once). */
export async function stackFiles(stateDir) {
  const files = Object.fromEntries(databases.map((d) => [d.binding, d1File(stateDir, d.database_id)]));
  for (const [b, f] of Object.entries(files)) if (!existsSync(f)) throw new Error(`no local D1 file for ${b} (${f})`);
  return files;
}

/** An env of D1Database-shaped bindings over `files` ({ binding: path }), and close() for all. */
export function envOver(files) {
  const open = Object.fromEntries(Object.entries(files).map(([b, f]) => [b, openSqlite(f)]));
  const env = Object.fromEntries(Object.entries(open).map(([b, db]) => [b, d1Over(db)]));
  const close = () => {
    for (const db of Object.values(open)) db.close();
  };
  return { env, sqlite: open, close };
}

/**
 * Bulk loading into `sqlite`'s databases (envOver's): no checkpoint after each transaction (each of a
 * fill's rewrites the same index and search pages, so copying them back once is far less work), and
 * `checkpoint()` to copy the write-ahead logs into the files and empty them, e.g. after each chunk.
 */
export function bulkLoad(sqlite) {
  for (const db of Object.values(sqlite)) db.exec("PRAGMA wal_autocheckpoint = 0");
  return {
    checkpoint: () => {
      for (const db of Object.values(sqlite)) db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    },
  };
}

/** Fresh databases, every binding migrated as `npm run db:migrate:local` migrates it: files in `dir`, or in memory. */
export function migratedEnv(dir = null) {
  const out = envOver(Object.fromEntries(BINDINGS.map((b) => [b, dir ? path.join(dir, `${b}.sqlite`) : ":memory:"])));
  const migrations = migrationFiles().map((file) => readFileSync(file, "utf8"));
  for (const db of Object.values(out.sqlite)) for (const sql of migrations) db.exec(sql);
  return out;
}
