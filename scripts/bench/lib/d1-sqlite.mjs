// A D1Database over a local SQLite file (node:sqlite), enough for drizzle-orm/d1: prepare → bind →
// all/raw/first/run, and batch (one transaction, as D1 runs a batch). The benchmarks use it to run the
// worker's own query modules on a database file without a stack around it (scripts/bench/search.mjs).
import { DatabaseSync } from "node:sqlite";

export function openSqlite(file) {
  const db = new DatabaseSync(file);
  db.exec("PRAGMA foreign_keys = ON; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -500000;");
  return db;
}

const plain = (v) => (typeof v === "boolean" ? Number(v) : v === undefined ? null : v);

/** Each database's prepared statements by their SQL: a fill runs the same few thousands of times. */
const prepared = new WeakMap();

/** `db`'s prepared statement of `query`, prepared once. */
function preparedStatement(db, query) {
  let cache = prepared.get(db);
  if (!cache) prepared.set(db, (cache = new Map()));
  let s = cache.get(query);
  if (!s) {
    if (cache.size >= 1_000) cache.clear(); // reads whose SQL varies (IN lists) must not grow it without end
    cache.set(query, (s = db.prepare(query)));
    s.setReadBigInts?.(false);
  }
  s.setReturnArrays?.(false);
  return s;
}

/** A database's size as SQLite counts it: what D1 reports as a database's size (`meta.size_after`). */
export const databaseBytes = (db) =>
  preparedStatement(db, "SELECT page_count * page_size AS n FROM pragma_page_count, pragma_page_size").get().n;

function statement(db, query, params = []) {
  const prep = () => {
    if (process.env.SQL_PLAN) {
      console.log(query, params);
      for (const r of db.prepare(`EXPLAIN QUERY PLAN ${query}`).all(...params)) console.log(`  ${r.detail}`);
    }
    return preparedStatement(db, query);
  };
  const api = {
    bind: (...values) => statement(db, query, values.map(plain)),
    async all() {
      return { results: prep().all(...params), success: true, meta: {} };
    },
    async raw() {
      const s = prep();
      if (s.columns().length === 0) {
        s.run(...params);
        return [];
      }
      s.setReturnArrays(true);
      return s.all(...params);
    },
    async first(column) {
      const row = prep().get(...params);
      return row == null ? null : column ? row[column] : row;
    },
    async run() {
      const r = prep().run(...params);
      // D1 reports the database's size on every result; the rollover schedule reads it (schedules/segments.ts).
      const meta = { changes: Number(r.changes), last_row_id: Number(r.lastInsertRowid), size_after: databaseBytes(db) };
      return { success: true, results: [], meta };
    },
  };
  return api;
}

/** A D1Database-shaped object over `db` (a DatabaseSync). */
export function d1Over(db) {
  return {
    prepare: (query) => statement(db, query),
    async batch(statements) {
      db.exec("BEGIN");
      try {
        const out = [];
        for (const s of statements) out.push(await s.all());
        db.exec("COMMIT");
        return out;
      } catch (e) {
        db.exec("ROLLBACK");
        throw e;
      }
    },
    async exec(query) {
      db.exec(query);
      return { count: 1, duration: 0 };
    },
  };
}
