// Log queries: filtered, full-text searched, keyset-paginated lists (DESIGN §5, §8). Every query is
// bound to one organization.
import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { FLAG_STATUSES, type FlagStatus } from "../../../schema/constants";
import { promptLogs } from "../../../schema/tables";
import type { LogsQuery } from "../../../schema/validation";
import type { Db } from "../env";
import { olderThanCursor } from "./keyset";

/**
 * Turns free text into a safe FTS5 query: every word becomes a quoted phrase (so operators and
 * syntax characters in user input are literal), all must match, the last one as a prefix.
 */
export function ftsQuery(text: string): string | null {
  const words = text.match(/[\p{L}\p{N}_]+/gu);
  if (!words?.length) return null;
  return words
    .slice(0, 16)
    .map((w, i, all) => `"${w}"${i === all.length - 1 ? "*" : ""}`)
    .join(" ");
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => "\\" + ch);

export function logFilters(orgId: string, q: Omit<LogsQuery, "limit" | "before">): SQL[] {
  const where: SQL[] = [eq(promptLogs.orgId, orgId)];
  if (q.flagStatus?.length) where.push(inArray(promptLogs.flagStatus, q.flagStatus));
  if (q.model) {
    // The screens filter by family ("gpt-4", "claude"): a prefix match, case-insensitive.
    where.push(sql`lower(${promptLogs.model}) LIKE ${escapeLike(q.model.toLowerCase()) + "%"} ESCAPE '\\'`);
  }
  if (q.userId) where.push(eq(promptLogs.userId, q.userId));
  if (q.from) where.push(gte(promptLogs.createdAt, q.from));
  if (q.to) where.push(lte(promptLogs.createdAt, q.to));
  if (q.search) {
    const match = ftsQuery(q.search);
    if (match) where.push(sql`${promptLogs}.rowid IN (SELECT rowid FROM prompt_logs_fts WHERE prompt_logs_fts MATCH ${match})`);
    else where.push(sql`0`);
  }
  return where;
}

export async function listLogs(db: Db, orgId: string, q: LogsQuery) {
  const where = logFilters(orgId, q);
  if (q.before) where.push(olderThanCursor(promptLogs, orgId, q.before));
  return db
    .select()
    .from(promptLogs)
    .where(and(...where))
    .orderBy(desc(promptLogs.createdAt), desc(promptLogs.id))
    .limit(q.limit);
}

export async function getLog(db: Db, orgId: string, id: string) {
  const rows = await db
    .select()
    .from(promptLogs)
    .where(and(eq(promptLogs.orgId, orgId), eq(promptLogs.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export type LogCounts = { total: number } & Record<FlagStatus, number>;

/** How many logs match the filters (no cursor, no limit), in all and per flag status. */
export async function countLogs(db: Db, orgId: string, q: Omit<LogsQuery, "limit" | "before">): Promise<LogCounts> {
  const rows = await db
    .select({ flagStatus: promptLogs.flagStatus, n: count() })
    .from(promptLogs)
    .where(and(...logFilters(orgId, q)))
    .groupBy(promptLogs.flagStatus);
  const counts = Object.fromEntries(FLAG_STATUSES.map((f) => [f, 0])) as Record<FlagStatus, number>;
  for (const r of rows) if (r.flagStatus in counts) counts[r.flagStatus as FlagStatus] = r.n;
  return { total: FLAG_STATUSES.reduce((sum, f) => sum + counts[f], 0), ...counts };
}
