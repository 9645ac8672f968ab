// Full-text search within one organization's block of the FTS index (docs/data.md#search,
// prompt_logs_trigrams, schema/migrations/0021_search_index_slim.sql). Each organization's index
// entries have rowids in its own block, (tenant_no << 40) + 2^40 - 1 - prompt_logs.rowid, so
// `rowid BETWEEN` its block, passed to FTS5, confines a search to the organization's own entries, and
// newest-stored first is ascending, the direction in which FTS5 seeks: a search's cost depends on its
// own data only. Every query also keeps `org_id = ?` on the joined log, so an index entry can never
// show a row of another organization.
//
// The index keeps no positions (detail=none): a term is its trigrams ANDed, and every candidate is
// checked on the joined log (search-terms.ts) as the stream goes, so a page still stops at `limit`
// checked matches.
//
// Newest first by created_at, stopping early. The index streams a tenant's matches newest-STORED
// first; created_at order differs only by how late a log was stamped against the newest one stored
// before it, at most search_tenants.late_ms (kept by the insert trigger). So every log stored before
// row r has created_at <= created_at(r) + late_ms, and a page is:
//  1. `first`: the first `limit` matches newest-stored first (filters applied on the joined log);
//  2. `low`: the rowid below which nothing can beat the oldest of them: the newest log (by
//     created_at, any log of the tenant) stamped more than late_ms before that oldest one;
//  3. the page: matches stored in [low, newest of `first`] ordered by (created_at, id) — `limit` rows
//     plus the few stored out of order. Fewer than `limit` in `first` means it already holds every match.
// The cursor and the `from`/`to` filters bound the scan the same way before it starts.
import { getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import { LOG_COUNT_CAP } from "@promptsentry/schema/constants/logs";
import { TENANT_SHIFT, TENANT_TOP } from "@promptsentry/schema/constants/search";
import { type PromptLogRow, promptLogs } from "@promptsentry/schema/tables/logs";
import { searchTenants } from "@promptsentry/schema/tables/search";
import type { LogsQuery } from "@promptsentry/schema/requests/logs";
import type { Db } from "../env";
import { newerFirst } from "./keyset";
import { substringSearch, trigramSearch } from "./search-terms";

const TOP = sql.raw(String(TENANT_TOP));

/** What a search asks the index (FTS5 MATCH) and the check of each candidate on the joined log, if any. */
export type IndexQuery = { match: string; verify: SQL | null };

const INDEX = sql.raw("prompt_logs_trigrams");

/** The log's columns, as the queries join them (the FTS table has columns of the same names). */
const LOG_COLUMNS = ['"prompt_logs"."prompt"', '"prompt_logs"."response"'];

/**
 * The query of search terms of 3+ characters (at least one): their trigrams, each candidate checked
 * on the log. The check's needles are SQL literals (search-terms.ts), not parameters: a page repeats
 * the condition, and D1 binds at most 100 parameters to a statement.
 */
export const indexQuery = (terms: readonly string[]): IndexQuery => {
  const { match, verify } = trigramSearch(terms, LOG_COLUMNS);
  return { match: match ?? "", verify: verify ? sql.raw(verify) : null };
};

/**
 * The check of a log not yet in the index (search_queue: stored, its indexing deferred to the
 * committer, ingestion/search-indexer.ts): every term as a substring, folded as the index folds.
 */
const queuedCheck = (terms: readonly string[]) => {
  const check = substringSearch(terms, LOG_COLUMNS);
  return check ? sql.raw(check) : sql`0`;
};

/**
 * The organization's queued logs stored in [lo, hi] that pass `where` and hold the terms, with
 * prompt_logs joined: the queue holds the logs of the last moments, a few thousand at most
 * (INDEX_QUEUE_MAX_LOGS), so reading each is cheap, and a stored log is found by the very next search.
 */
function queuedMatches(terms: readonly string[], lo: SQL, hi: SQL, where: SQL) {
  return sql`search_queue CROSS JOIN ${promptLogs} ON ${promptLogs}.rowid = search_queue.log_rowid
    WHERE search_queue.log_rowid BETWEEN ${lo} AND ${hi} AND ${where} AND ${queuedCheck(terms)}`;
}

/**
 * The condition that the joined log matches the terms, for a search that is not the scan's driver
 * (a list ordered by a value, exports): in the organization's block of the index and passing its
 * check, or still queued and holding the terms.
 */
export function searchCondition(orgId: string, terms: readonly string[]): SQL {
  const { match, verify } = indexQuery(terms);
  const indexed = sql`${promptLogs}.rowid IN (${tenantMatchRowids(orgId, match)})${verify ? sql` AND ${verify}` : sql``}`;
  return sql`((${indexed}) OR (${promptLogs}.rowid IN (SELECT log_rowid FROM search_queue) AND ${queuedCheck(terms)}))`;
}

/** The prompt_logs rowid of an index rowid in the tenant's block starting at `base`. */
const logRowid = (ftsRowid: SQL, base: SQL) => sql`${base} + ${TOP} - ${ftsRowid}`;

/** The index rowids of the logs stored in [lo, hi] (prompt_logs rowids), lowest first. */
const ftsRange = (base: SQL, lo: SQL, hi: SQL): [SQL, SQL] => [sql`${base} + ${TOP} - ${hi}`, sql`${base} + ${TOP} - ${lo}`];

/** The organization's block and lateness; no row (no log ever stored) leaves every bound NULL: nothing matches. */
const tenant = (orgId: string) =>
  sql`t AS (SELECT ${searchTenants.tenantNo} << ${sql.raw(String(TENANT_SHIFT))} AS base, ${searchTenants.lateMs} AS late FROM ${searchTenants} WHERE ${searchTenants.orgId} = ${orgId})`;
const BASE = sql`(SELECT base FROM t)`;
const LATE = sql`(SELECT late FROM t)`;

/** A stored log of the tenant, by created_at: the bounds below are found through prompt_logs_org_created. */
const rowidAt = (orgId: string, where: SQL, order: "asc" | "desc") =>
  sql`(SELECT rowid FROM ${promptLogs} WHERE ${promptLogs.orgId} = ${orgId} AND ${where} ORDER BY ${promptLogs.createdAt} ${sql.raw(order)}, ${promptLogs.id} ${sql.raw(order)} LIMIT 1)`;

type Bounds = Pick<LogsQuery, "from" | "to" | "before">;

/**
 * The prompt_logs rowids a search must scan given the time bounds: logs stamped after `to` (or after
 * the cursor row) can only have been stored after the first log stamped more than late_ms later than
 * it; logs stamped before `from` only before the newest log stamped more than late_ms earlier.
 */
function scanRange(orgId: string, q: Bounds) {
  const ceilings: SQL[] = [];
  if (q.to) ceilings.push(sql`${q.to.getTime()}`);
  if (q.before)
    ceilings.push(
      sql`(SELECT ${promptLogs.createdAt} FROM ${promptLogs} WHERE ${promptLogs.id} = ${q.before} AND ${promptLogs.orgId} = ${orgId})`,
    );
  const ceiling = ceilings.length ? (ceilings.length === 1 ? ceilings[0] : sql`min(${sql.join(ceilings, sql`, `)})`) : null;
  const hi = ceiling ? sql`coalesce(${rowidAt(orgId, sql`${promptLogs.createdAt} > ${ceiling} + ${LATE}`, "asc")} - 1, ${TOP})` : TOP;
  const lo = q.from ? sql`coalesce(${rowidAt(orgId, sql`${promptLogs.createdAt} < ${q.from.getTime()} - ${LATE}`, "desc")}, 0)` : sql`0`;
  return { lo, hi };
}

type Filters = Bounds & { userId?: readonly string[] };

/**
 * Matches of the organization's block stored in [lo, hi], each joined to its log and passing `where`.
 * A user filter is also checked on the index entry, against the set of the user's log rowids (its own
 * index), before the log is read: reading a log to look at its user costs its long prompt first, and
 * a user's logs are a small share of a tenant's (4-6× faster for a word with a user filter).
 */
function matches(orgId: string, { match, verify }: IndexQuery, lo: SQL, hi: SQL, where: SQL, q: Filters) {
  const entryLog = logRowid(sql`${INDEX}.rowid`, BASE);
  const [from, to] = ftsRange(BASE, lo, hi);
  const byUser = q.userId
    ? sql`AND ${entryLog} IN (SELECT rowid FROM ${promptLogs} WHERE ${promptLogs.orgId} = ${orgId} AND ${inArray(promptLogs.userId, q.userId)})`
    : sql``;
  return sql`${INDEX} CROSS JOIN ${promptLogs} ON ${promptLogs}.rowid = ${entryLog}
    WHERE ${INDEX} MATCH ${match} AND ${INDEX}.rowid BETWEEN ${from} AND ${to} ${byUser} AND ${where}${verify ? sql` AND ${verify}` : sql``}`;
}

/**
 * The prompt_logs rowids of every index match in the organization's block (for a filter that is not
 * the scan's driver); the caller applies the query's `verify` to the log itself.
 */
export function tenantMatchRowids(orgId: string, match: string) {
  const [from, to] = ftsRange(sql`t.base`, sql`0`, TOP);
  return sql`SELECT ${logRowid(sql`${INDEX}.rowid`, sql`t.base`)} FROM (SELECT ${searchTenants.tenantNo} << ${sql.raw(String(TENANT_SHIFT))} AS base FROM ${searchTenants} WHERE ${searchTenants.orgId} = ${orgId}) AS t
    CROSS JOIN ${INDEX} WHERE ${INDEX} MATCH ${match} AND ${INDEX}.rowid BETWEEN ${from} AND ${to}`;
}

const columns = Object.entries(getTableColumns(promptLogs));

/** A raw row (SQL column names) as drizzle maps it (dates, JSON, booleans). */
function toRow(raw: Record<string, unknown>): PromptLogRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as PromptLogRow;
}

/**
 * One page of a search, newest first by (created_at, id), continuing after `q.before` (see the top
 * of this file). `where` holds the organization and every other filter, cursor included; `terms` are
 * the search's terms of 3+ characters (search-terms.ts indexedTerms).
 */
export async function searchPage(
  db: Db,
  orgId: string,
  terms: readonly string[],
  where: SQL,
  q: Filters & { limit: number },
): Promise<PromptLogRow[]> {
  const query = indexQuery(terms);
  const { lo, hi } = scanRange(orgId, q);
  const limit = sql`${q.limit}`;
  // MATERIALIZED: each is computed once (left to itself SQLite re-ran `first` where its bounds are read: 4× slower).
  const page = db.all<Record<string, unknown>>(sql`WITH ${tenant(orgId)},
    first AS MATERIALIZED (SELECT ${logRowid(sql`${INDEX}.rowid`, BASE)} AS fr, ${promptLogs.createdAt} AS c FROM ${matches(orgId, query, lo, hi, where, q)}
      ORDER BY ${INDEX}.rowid LIMIT ${limit}),
    low AS MATERIALIZED (SELECT CASE WHEN (SELECT count(*) FROM first) < ${limit} THEN (SELECT min(fr) FROM first)
      ELSE coalesce(${rowidAt(orgId, sql`${promptLogs.createdAt} < (SELECT min(c) FROM first) - ${LATE}`, "desc")}, 0) END AS lo)
    SELECT ${promptLogs}.* FROM ${matches(orgId, query, sql`(SELECT lo FROM low)`, sql`(SELECT max(fr) FROM first)`, where, q)}
    ORDER BY ${promptLogs.createdAt} DESC, ${promptLogs.id} DESC LIMIT ${limit}`);
  // The queued matches alongside, as a statement of their own: the index's check and the queue's are
  // each long for a long search, and together they would pass D1's limit on a statement's length.
  // The page is the newest `limit` of both, each being exact newest first for the same filters.
  // (In parallel rather than one batch: drizzle batches no raw statement with parameters.)
  const queued = db.all<Record<string, unknown>>(
    sql`WITH ${tenant(orgId)} SELECT ${promptLogs}.* FROM ${queuedMatches(terms, lo, hi, where)} ORDER BY ${promptLogs.createdAt} DESC, ${promptLogs.id} DESC LIMIT ${limit}`,
  );
  const [indexed, fresh] = await Promise.all([page, queued]);
  return [...indexed, ...fresh].map(toRow).sort(newerFirst).slice(0, q.limit);
}

/**
 * Flag statuses of at most LOG_COUNT_CAP + 1 matching logs of the organization (log-counts.ts caps
 * them). With `searchOnly` (no filter but the organization, which the block already is) and an
 * exact index answer (no check on the log), the index alone is counted first and the logs are read
 * only when the count is under the cap: past it, the answer is "10,000+" without reading 10,001 rows
 * (a row pays for its long prompt before its flag). A checked query reads its candidates' logs.
 */
export function searchCountRows(db: Db, orgId: string, terms: readonly string[], where: SQL, q: Filters, searchOnly: boolean) {
  const { lo, hi } = scanRange(orgId, q);
  const over = LOG_COUNT_CAP + 1;
  const query = indexQuery(terms);
  const { match } = query;
  // The queued logs (stored, not yet indexed) counted alongside (countCapped sums the rows).
  const queued = db.all<{ flag_status: string; n: number }>(
    sql`WITH ${tenant(orgId)} SELECT ${promptLogs.flagStatus} AS flag_status, count(*) AS n FROM ${queuedMatches(terms, lo, hi, where)} GROUP BY ${promptLogs.flagStatus}`,
  );
  const counted = async (indexed: Promise<{ flag_status: string; n: number }[]>) => (await Promise.all([indexed, queued])).flat();
  if (!searchOnly || query.verify)
    return counted(
      db.all<{ flag_status: string; n: number }>(sql`WITH ${tenant(orgId)}
      SELECT flag_status, count(*) AS n FROM (
        SELECT ${promptLogs.flagStatus} AS flag_status FROM ${matches(orgId, query, lo, hi, where, q)} LIMIT ${over}
      ) GROUP BY flag_status`),
    );
  const [from, to] = ftsRange(BASE, lo, hi);
  return counted(
    db.all<{ flag_status: string; n: number }>(sql`WITH ${tenant(orgId)},
    hits AS MATERIALIZED (SELECT rowid AS fr FROM ${INDEX} WHERE ${INDEX} MATCH ${match} AND rowid BETWEEN ${from} AND ${to} LIMIT ${over}),
    total AS MATERIALIZED (SELECT count(*) AS n FROM hits)
    SELECT ${promptLogs.flagStatus} AS flag_status, count(*) AS n FROM hits CROSS JOIN ${promptLogs} ON ${promptLogs}.rowid = ${logRowid(sql`hits.fr`, BASE)}
      WHERE (SELECT n FROM total) < ${over} AND ${where} GROUP BY ${promptLogs.flagStatus}
    UNION ALL SELECT '', n FROM total WHERE n >= ${over}`),
  );
}
