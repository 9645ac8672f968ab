// Keyset pagination shared by the newest-first lists (logs, alerts): a page continues strictly after
// the cursor row, ordered by (createdAt, id) descending so rows sharing a createdAt are never skipped
// or repeated. The cursor row is looked up within the organization, so a foreign id matches nothing
// and answers an empty page, never another organization's rows.
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

type Keyed = SQLiteTable & { id: SQLiteColumn; orgId: SQLiteColumn; createdAt: SQLiteColumn };

export function olderThanCursor(table: Keyed, orgId: string, before: string): SQL {
  return sql`(${table.createdAt}, ${table.id}) < (SELECT ${table.createdAt}, ${table.id} FROM ${table} WHERE ${table.id} = ${before} AND ${table.orgId} = ${orgId})`;
}

/** A row's place in newest-first order: its createdAt, then its id. */
export type Key = { createdAt: number; id: string };
type Timed = { createdAt: Date; id: string };

export const keyOf = (row: Timed): Key => ({ createdAt: row.createdAt.getTime(), id: row.id });
/** Whether `a` comes after `b` in newest-first order. */
export const older = (a: Key, b: Key) => a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id);
/** Sorts rows newest first, as the lists' keyset order does: pages read from several places merge with it. */
export const newerFirst = (a: Timed, b: Timed) => (older(keyOf(a), keyOf(b)) ? 1 : -1);
