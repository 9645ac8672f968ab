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
