// Emptying a pool database whose segment expired (docs/scaling.md#step-3--segments), in one D1 batch
// (one transaction) whose cost does not grow with its rows the way a DELETE does: its data tables are
// dropped and created again from the DDL the database itself holds (sqlite_master), so the tables,
// indexes, triggers and FTS indexes come back exactly as the migrations made them. A DROP frees a
// table's pages whole; a DELETE would run every row through the index, FTS and aggregate triggers.
// Only for pool databases: a segment owns its database alone, so nothing else lives in these tables.
import { DATA_TABLES } from "@promptsentry/schema/shards";

/** The segment's tables: every data table but the tenant stubs, and the search bookkeeping beside them. */
const SEGMENT_TABLES: readonly string[] = [...DATA_TABLES, "search_queue", "log_facts_backfill"];

type SchemaRow = { type: string; name: string; tbl_name: string; sql: string };

/** The statements that drop and re-create the segment tables of `d1`: children dropped first, parents created first. */
async function resetStatements(d1: D1Database): Promise<string[]> {
  const { results } = await d1
    .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid")
    .all<SchemaRow>();
  const present = SEGMENT_TABLES.filter((t) => results.some((r) => r.type === "table" && r.name === t));
  const ddl = (type: string) => results.filter((r) => r.type === type && present.includes(r.tbl_name)).map((r) => r.sql);
  // DATA_TABLES lists parents before the tables that reference them.
  const tables = present.map((t) => results.find((r) => r.type === "table" && r.name === t)!.sql);
  return [...[...present].reverse().map((t) => `DROP TABLE "${t}"`), ...tables, ...ddl("index"), ...ddl("trigger")];
}

/** Empties a pool database's segment tables in one transaction; returns the statements run. */
export async function emptySegmentDatabase(d1: D1Database): Promise<number> {
  const statements = await resetStatements(d1);
  await d1.batch(statements.map((s) => d1.prepare(s)));
  return statements.length;
}
