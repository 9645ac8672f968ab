// Names in metric SQL, compared exactly as SQLite compares them. SQLite folds case for ASCII letters
// only (sqlite3StrICmp); JavaScript's toLowerCase/toUpperCase also map non-ASCII letters onto ASCII
// ones ('K' KELVIN SIGN → 'k', 'ſ' LONG S → 'S', 'İ' → 'i̇'), so a checker that used them could take a
// CTE named "api_Keys" for the real api_keys table while SQLite reads the table (docs/custom-metric-sql.md#only-the-callers-logs).
// Non-ASCII names are refused outright, and the names we compare are folded the ASCII-only way.
import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import * as tables from "@promptsentry/schema/tables";
import { MetricQueryError } from "./errors";

/** ASCII-only case folding, as SQLite does for identifiers. */
export const foldName = (name: string) => name.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));

/**
 * Printable ASCII without quotes, brackets or backslashes. The SQL we run is regenerated with every
 * identifier in double quotes; a quote or bracket inside a name could break out of them.
 */
const SAFE_IDENTIFIER = /^[\x20-\x7e]*$/;
const BREAKS_QUOTING = /["`'[\]\\]/;

export function checkIdentifier(text: string): string {
  if (!SAFE_IDENTIFIER.test(text)) {
    throw new MetricQueryError(`Names must be plain ASCII without control characters (found ${JSON.stringify(text)})`);
  }
  if (BREAKS_QUOTING.test(text)) throw new MetricQueryError("Names may not contain quotes, brackets or backslashes");
  return text;
}

/** Every table of the database (schema/tables/), folded; the runner's own `logs` is reserved too. */
const REAL_TABLES = new Set(
  Object.values(tables)
    .filter((t) => is(t, SQLiteTable))
    .map((t) => foldName(getTableName(t as SQLiteTable))),
);
/** SQLite's own tables, D1's (_cf_KV, d1_migrations) and FTS5 shadow tables (<table>_fts, <table>_fts_data…). */
const RESERVED_PREFIXES = ["sqlite_", "_cf_", "d1_", ...[...REAL_TABLES].map((t) => `${t}_fts`)];

/** A CTE may not be named like any real table: it would shadow, or seem to shadow, the table. */
export function isReservedRelationName(folded: string): boolean {
  return folded === "logs" || REAL_TABLES.has(folded) || RESERVED_PREFIXES.some((p) => folded.startsWith(p));
}
