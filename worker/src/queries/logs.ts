// Log queries: filtered, full-text searched, keyset-paginated lists (docs/api.md, docs/data.md). Every query is
// bound to one organization.
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Conversation } from "@promptsentry/schema/conversation";
import { flagFeedback, logFingerprints, promptLogs } from "@promptsentry/schema/tables/logs";
import type { LogFilter, LogsQuery } from "@promptsentry/schema/requests/logs";
import type { Db } from "../env";
import { userIdForms } from "../redaction";
import { existingFingerprinter } from "../redaction/key-store";
import { olderThanCursor } from "./keyset";
import { searchCondition, searchPage } from "./search";
import { indexedTerms, searchTerms } from "./search-terms";

/** Terms shorter than a trigram (e.g. 東京, "v2") are matched as substrings of the org's rows the other filters leave. */
function shortTermFilter(term: string): SQL {
  const needle = term.toLowerCase();
  return sql`(instr(lower(${promptLogs.prompt}), ${needle}) > 0 OR instr(lower(${promptLogs.response}), ${needle}) > 0)`;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * Filters as the queries apply them: `userId` is every form the user's logs may be stored under
 * (userFilter), not the id as asked.
 */
export type StoredUserFilter<Q extends { userId?: string }> = Omit<Q, "userId"> & { userId?: readonly string[] };

/**
 * A request's filters with the user id resolved to its stored forms: as sent and, when the
 * organization has a fingerprint key, its keyed fingerprint (under "sensitive" user ids are stored
 * as that fingerprint, redaction/index.ts), so `?userId=<id>` finds the user's logs in every mode.
 */
export async function userFilter<Q extends { userId?: string }>(control: Db, orgId: string, q: Q): Promise<StoredUserFilter<Q>> {
  const { userId, ...rest } = q;
  if (!userId) return rest;
  return { ...rest, userId: await userIdForms(userId, await existingFingerprinter(control, orgId)) };
}

/**
 * The WHERE terms of the filters. With `ftsJoined`, the caller reads from the shard's search index
 * joined to the logs by rowid and applies the MATCH itself within the organization's block
 * (search.ts); the terms then leave the index out.
 */
export function logFilters(orgId: string, q: StoredUserFilter<LogFilter>, opts: { ftsJoined?: boolean } = {}): SQL[] {
  const where: SQL[] = [eq(promptLogs.orgId, orgId)];
  if (q.flagStatus?.length) where.push(inArray(promptLogs.flagStatus, q.flagStatus));
  if (q.model) {
    // The screens filter by family ("gpt-4", "claude"): a prefix match, case-insensitive.
    where.push(sql`lower(${promptLogs.model}) LIKE ${`${escapeLike(q.model.toLowerCase())}%`} ESCAPE '\\'`);
  }
  // Exact names: the (org_id, model, created_at) index answers them.
  if (q.models?.length) where.push(inArray(promptLogs.model, q.models));
  if (q.userId) where.push(inArray(promptLogs.userId, q.userId));
  if (q.sessionId) where.push(eq(promptLogs.sessionId, q.sessionId));
  if (q.source) where.push(eq(promptLogs.source, q.source));
  if (q.reason) where.push(sql`EXISTS (SELECT 1 FROM json_each(${promptLogs.flagReasons}) WHERE value = ${q.reason})`);
  if (q.reviewed !== undefined) {
    // flag_feedback (org_id, log_id) index: one probe per log, within the organization.
    const verdict = sql`SELECT 1 FROM ${flagFeedback} WHERE ${flagFeedback.orgId} = ${orgId} AND ${flagFeedback.logId} = ${promptLogs.id}`;
    where.push(q.reviewed ? sql`EXISTS (${verdict})` : sql`NOT EXISTS (${verdict})`);
  }
  if (q.blocked !== undefined) where.push(eq(promptLogs.blocked, q.blocked));
  // A log without a source is not of the excluded one (SQL's `<>` alone would drop it too).
  if (q.excludeSource) where.push(sql`(${promptLogs.source} IS NULL OR ${promptLogs.source} <> ${q.excludeSource})`);
  if (q.from) where.push(gte(promptLogs.createdAt, q.from));
  if (q.to) where.push(lte(promptLogs.createdAt, q.to));
  if (q.fingerprint) {
    where.push(
      sql`${promptLogs.id} IN (SELECT log_id FROM ${logFingerprints} WHERE ${logFingerprints.orgId} = ${orgId} AND ${logFingerprints.fingerprint} = ${q.fingerprint})`,
    );
  }
  if (q.search) {
    const terms = searchTerms(q.search);
    const indexed = indexedTerms(terms);
    if (indexed.length && !opts.ftsJoined) {
      where.push(searchCondition(orgId, indexed));
    }
    for (const t of terms) if (!indexed.includes(t)) where.push(shortTermFilter(t));
    // A search with no words at all matches nothing rather than everything.
    if (!terms.length) where.push(sql`0`);
  }
  return where;
}

/** The search terms the index answers, or null (no search, or only terms shorter than a trigram). */
export function indexedSearch(q: Pick<LogsQuery, "search">): string[] | null {
  const terms = q.search ? indexedTerms(searchTerms(q.search)) : [];
  return terms.length ? terms : null;
}

/** The sortable columns; a log without the value sorts last either way (as -1 or +∞). */
export const SORT_COLUMNS = {
  time: promptLogs.createdAt,
  latency: promptLogs.latencyMs,
  tokens: promptLogs.tokenCount,
  cost: promptLogs.estimatedCost,
} as const;

export type SortColumn = keyof typeof SORT_COLUMNS;

/** The value a list is ordered by: a log without it sorts last either way. */
export const sortValue = (sort: SortColumn, order: "asc" | "desc") =>
  order === "desc" ? sql`coalesce(${SORT_COLUMNS[sort]}, -1)` : sql`coalesce(${SORT_COLUMNS[sort]}, 9e999)`;

/**
 * Keyset paging of a list ordered by a value: the key is (value, created_at, id), all in one
 * direction, and a page continues strictly after the cursor's key: the cursor row looked up within
 * the organization (another organization's id matches nothing: an empty page), or a key as literals
 * (segment-logs.ts, whose cursor row may be in another database).
 */
export function valueOrder(orgId: string, sort: SortColumn, order: "asc" | "desc", before: string | SQL | undefined) {
  const value = sortValue(sort, order);
  const dir = order === "desc" ? desc : asc;
  const after =
    typeof before === "string"
      ? sql`(SELECT ${value}, ${promptLogs.createdAt}, ${promptLogs.id} FROM ${promptLogs} WHERE ${promptLogs.id} = ${before} AND ${promptLogs.orgId} = ${orgId})`
      : before;
  const cursor = after
    ? sql`(${value}, ${promptLogs.createdAt}, ${promptLogs.id}) ${sql.raw(order === "desc" ? "<" : ">")} ${after}`
    : undefined;
  return { orderBy: [dir(value), dir(promptLogs.createdAt), dir(promptLogs.id)], cursor };
}

/** A list's columns: every one but the turns, which only a log's own page reads (serializeLogDetail). */
export const LIST_COLUMNS = { ...getTableColumns(promptLogs), messages: sql<Conversation | null>`NULL` };

export async function listLogs(db: Db, orgId: string, q: StoredUserFilter<LogsQuery>) {
  const terms = indexedSearch(q);
  if ((q.sort ?? "time") !== "time" || q.order === "asc") {
    // Ordered by a value (or oldest first): every match of the filters is read and the top `limit` kept (SQLite's
    // bounded sort), so the screens offer it over a time range; a search is the tenant's index block.
    const where = logFilters(orgId, q);
    const { orderBy, cursor } = valueOrder(orgId, q.sort, q.order ?? "desc", q.before);
    if (cursor) where.push(cursor);
    return db
      .select(LIST_COLUMNS)
      .from(promptLogs)
      .where(and(...where))
      .orderBy(...orderBy)
      .limit(q.limit);
  }
  const where = logFilters(orgId, q, { ftsJoined: !!terms });
  if (q.before) where.push(olderThanCursor(promptLogs, orgId, q.before));
  // A search streams the organization's block of the index and stops at the page (search.ts).
  if (terms) return searchPage(db, orgId, terms, and(...where)!, q);
  return db
    .select(LIST_COLUMNS)
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

export type FingerprintSummary = { fingerprint: string; logs: number; firstSeenAt: Date | null; lastSeenAt: Date | null };

/** "This credential appeared in N logs since <first seen>": answered from log_fingerprints' key alone. */
export async function fingerprintSummary(db: Db, orgId: string, fingerprint: string): Promise<FingerprintSummary> {
  const [row] = await db
    .select({
      logs: count(),
      first: sql<number | null>`min(${logFingerprints.createdAt})`,
      last: sql<number | null>`max(${logFingerprints.createdAt})`,
    })
    .from(logFingerprints)
    .where(and(eq(logFingerprints.orgId, orgId), eq(logFingerprints.fingerprint, fingerprint)));
  const date = (ms: number | null) => (ms == null ? null : new Date(Number(ms)));
  return { fingerprint, logs: row?.logs ?? 0, firstSeenAt: date(row?.first ?? null), lastSeenAt: date(row?.last ?? null) };
}
