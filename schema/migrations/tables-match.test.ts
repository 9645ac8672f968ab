// Migrations from 0004 on are written by hand (docs/data.md#migrations): triggers, FTS5 tables,
// WITHOUT ROWID tables and chunked backfills are beyond drizzle-kit, so its per-migration snapshots
// stop at 0003 and only the newest migration's (meta/NNNN_snapshot.json) is kept, equal to the
// tables of schema/tables/. These tests are what keeps the two descriptions of the schema one: every
// table schema/tables/index.ts exports comes out of the migrations (real SQLite, in order) with the
// same columns, types, defaults, primary key, indexes and foreign keys as drizzle-kit would create
// it; no other table appears but the ones named below; and the latest snapshot is those tables, so
// `npm run db:generate` writes a migration only for a change made after it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { generateSQLiteDrizzleJson, generateSQLiteMigration } from "drizzle-kit/api";
import { describe, expect, it } from "vitest";
import * as tables from "../tables";

const dir = import.meta.dirname;

type Row = Record<string, unknown>;
const all = (db: DatabaseSync, sql: string) => db.prepare(sql).all() as Row[];
const quote = (name: string) => `'${name.replaceAll("'", "''")}'`;

function shape(db: DatabaseSync, table: string) {
  const columns = all(db, `PRAGMA table_info(${quote(table)})`)
    .map((c) => ({ name: c.name, type: String(c.type).toLowerCase(), notNull: c.notnull, default: c.dflt_value, pk: c.pk }))
    .sort((a, b) => String(a.name).localeCompare(String(b.name)));
  const indexes = all(db, `PRAGMA index_list(${quote(table)})`)
    .filter((i) => i.origin !== "pk")
    .map((i) => ({
      name: i.origin === "c" ? i.name : "(constraint)",
      unique: i.unique,
      partial: i.partial,
      columns: all(db, `PRAGMA index_info(${quote(String(i.name))})`).map((c) => c.name),
    }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const foreignKeys = all(db, `PRAGMA foreign_key_list(${quote(table)})`)
    .map((f) => ({ table: f.table, from: f.from, to: f.to, onDelete: f.on_delete }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return { columns, indexes, foreignKeys };
}

const migrated = new DatabaseSync(":memory:");
const files = readdirSync(dir)
  .filter((f) => /^\d{4}_.*\.sql$/.test(f))
  .sort();
for (const file of files) migrated.exec(readFileSync(path.join(dir, file), "utf8"));
const declared = new DatabaseSync(":memory:");
const statements = await generateSQLiteMigration(await generateSQLiteDrizzleJson({}), await generateSQLiteDrizzleJson(tables));
for (const s of statements) declared.exec(s);
const names = all(declared, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").map((t) => String(t.name));

/** Tables only the migrations create, each queried through its own SQL. */
const MIGRATIONS_ONLY = [
  "log_facts", // WITHOUT ROWID, kept by triggers (0014, schema/log-facts.ts)
  "log_facts_backfill", // the chunked fill's cursor (0014, schema/log-facts.ts)
];

describe("the migrations build the tables schema/tables.ts declares", () => {
  it.each(names)("%s", (table) => {
    expect(shape(migrated, table)).toEqual(shape(declared, table));
  });

  it("and no other table but the search indexes and the named ones", () => {
    const schema = all(migrated, "SELECT name, sql FROM sqlite_schema WHERE type = 'table'");
    const virtual = schema.filter((t) => /^CREATE VIRTUAL TABLE/i.test(String(t.sql))).map((t) => String(t.name));
    const undeclared = schema
      .map((t) => String(t.name))
      .filter((name) => !names.includes(name) && !MIGRATIONS_ONLY.includes(name))
      .filter((name) => !virtual.some((v) => name === v || name.startsWith(`${v}_`)));
    expect(undeclared).toEqual([]);
  });
});

describe("drizzle-kit's journal and latest snapshot", () => {
  const journal = JSON.parse(readFileSync(path.join(dir, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };

  it("name every migration file, in order (db:generate numbers the next one from them)", () => {
    expect(journal.entries.map((e) => `${e.tag}.sql`)).toEqual(files);
  });

  it("end with the schema/tables.ts of the last migration (db:generate finds nothing to write)", async () => {
    const latest = `${String(journal.entries.length - 1).padStart(4, "0")}_snapshot.json`;
    const snapshot = JSON.parse(readFileSync(path.join(dir, "meta", latest), "utf8"));
    expect(await generateSQLiteMigration(snapshot, await generateSQLiteDrizzleJson(tables))).toEqual([]);
  });
});
