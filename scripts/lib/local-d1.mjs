// The local D1 databases of wrangler.toml in one workerd (`withLocalDatabases`), and their migrations applied as `wrangler d1 migrations apply <binding> --local` does
// (the same migrations folder, the same `d1_migrations` table and rows, one transaction a migration),
// but by one workerd for every database: a wrangler process per database started its own runtime
// each time, about 15 s apiece on two cores and minutes on a loaded machine, for seven databases.
// The databases are the ones wrangler itself resolves from wrangler.toml for local development
// (`unstable_getMiniflareWorkerOptions`: the same ids, so the same files under <persist>/v3/d1).
import path from "node:path";
import { readD1Migrations } from "@cloudflare/vitest-plugin";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";

const TABLE = "d1_migrations";

/** Applies the pending migrations of `db` (a D1 binding); answers the names applied. */
export async function applyMigrations(db, migrations) {
  await db
    // wrangler's own statement, character for character (its local and remote `migrations apply`).
    .prepare(
      `CREATE TABLE IF NOT EXISTS "${TABLE}"(\n\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,\n\t\tname       TEXT UNIQUE,\n\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL\n)`,
    )
    .run();
  const applied = new Set((await db.prepare(`SELECT name FROM ${TABLE}`).all()).results.map((r) => r.name));
  const pending = migrations.filter((m) => !applied.has(m.name));
  for (const m of pending)
    await db.batch([...m.queries.map((q) => db.prepare(q)), db.prepare(`INSERT INTO ${TABLE} (name) VALUES (?)`).bind(m.name)]);
  return pending.map((m) => m.name);
}

/**
 * Runs `work` with the local D1 databases of wrangler.toml under `persistRoot` (wrangler's
 * --persist-to, else .wrangler/state), all in one workerd: `work(d1)` gets `d1(binding)` and the
 * databases' configuration; answers what `work` answers.
 * @template T
 * @param {{ root: string, persistRoot: string }} options
 * @param {(d1: (binding: string) => Promise<D1Database>, databases: { binding: string, migrations_dir?: string }[]) => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withLocalDatabases({ root, persistRoot }, work) {
  const config = path.join(root, "wrangler.toml");
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config);
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      rootPath: root,
      log: new Log(LogLevel.WARN),
      cf: false,
      resourcePersistencePath: path.join(persistRoot, "v3"),
      resourceTmpPath: path.join(root, ".wrangler", "tmp"),
      workers: [
        {
          name: "promptsentry-local-d1",
          compatibilityDate: workerOptions.compatibilityDate,
          modules: true,
          script: "export default {}",
          d1Databases: workerOptions.d1Databases,
        },
      ],
    }),
  );
  try {
    return await work((binding) => mf.getD1Database(binding), unstable_readConfig({ config }).d1_databases);
  } finally {
    await mf.dispose();
  }
}

/** Applies each database's pending migrations (the arguments of `withLocalDatabases`' work); answers { binding: names applied }. */
export async function migrateEach(root, d1, databases) {
  const applied = {};
  for (const { binding, migrations_dir } of databases)
    applied[binding] = await applyMigrations(await d1(binding), await readD1Migrations(path.join(root, migrations_dir ?? "migrations")));
  return applied;
}

/** Migrates every local D1 database of wrangler.toml; answers { binding: names applied }. */
export function migrateLocalDatabases({ root, persistRoot }) {
  return withLocalDatabases({ root, persistRoot }, (d1, databases) => migrateEach(root, d1, databases));
}
