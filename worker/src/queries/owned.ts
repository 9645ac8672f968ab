// Rows that belong to one organization: every read, change or delete by id is scoped to the
// caller's organization, and a row of another organization answers exactly as a missing one (404).
import { and, eq, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../env";
import { notFound } from "../errors";

/** A table whose rows have an `id` and belong to an organization (`orgId`). */
export type OwnedTable = SQLiteTable & { id: AnySQLiteColumn; orgId: AnySQLiteColumn };

/** The row `id` of organization `orgId`, as a WHERE condition. */
export const ownedBy = (table: OwnedTable, orgId: string, id: string): SQL => and(eq(table.orgId, orgId), eq(table.id, id))!;

/** The organization's row `id`, or a 404 naming `what` ("Webhook", "Team member"). */
export async function findOwnedOr404<T extends OwnedTable>(
  db: Db,
  table: T,
  orgId: string,
  id: string,
  what: string,
): Promise<T["$inferSelect"]> {
  const [row] = await db
    .select()
    .from(table as SQLiteTable)
    .where(ownedBy(table, orgId, id))
    .limit(1);
  if (!row) throw notFound(what);
  return row as T["$inferSelect"];
}

/**
 * Deletes the organization's row `id`, or answers a 404 naming `what` when it has none. `record` (an
 * audit record written only if the delete removed the row) commits with it, in one batch.
 */
export async function deleteOwnedOr404(
  db: Db,
  table: OwnedTable,
  orgId: string,
  id: string,
  what: string,
  record?: BatchItem<"sqlite">,
): Promise<void> {
  const remove = db
    .delete(table)
    .where(ownedBy(table, orgId, id))
    .returning({ id: table.id });
  const [deleted] = record ? await db.batch([remove, record]) : [await remove];
  if (!deleted.length) throw notFound(what);
}

/**
 * A unique-index violation (possibly wrapped by drizzle or D1): a concurrent duplicate, not a bug.
 * With `columns` ("prompt_logs.org_id, prompt_logs.idempotency_key"), only a violation of that index.
 */
export function isUniqueViolation(error: unknown, columns?: string): boolean {
  const expected = `UNIQUE constraint failed${columns ? `: ${columns}` : ""}`;
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (String((e as { message?: unknown }).message ?? e).includes(expected)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
