// Full-text search within one organization's block of the FTS index (issue 11, docs/data.md#search,
// schema/migrations/0010_tenant_search.sql). Each organization's index entries have rowids
// (tenant_no << 40) + prompt_logs.rowid, so `rowid BETWEEN` its block, passed to FTS5, confines a
// search to the organization's own entries: its cost depends on its own data only. Every query also
// keeps `org_id = ?` on the joined log, so an index entry can never show a row of another organization.
//
// Newest first by created_at, stopping early. The index streams a tenant's matches newest-STORED
// first (rowid order); created_at order differs only by how late a log was stamped against the
// newest one stored before it, at most search_tenants.late_ms (kept by the insert trigger). So every
// log stored before row r has created_at <= created_at(r) + late_ms, and a page is:
//  1. `first`: the first `limit` matches in rowid order (filters applied on the joined log);
//  2. `low`: the rowid below which nothing can beat the oldest of them: the newest log (by
//     created_at, any log of the tenant) stamped more than late_ms before that oldest one;
//  3. the page: matches in [low, newest of `first`] ordered by (created_at, id) — `limit` rows plus
//     the few stored out of order. Fewer than `limit` in `first` means it already holds every match.
// The cursor and the `from`/`to` filters bound the scan the same way before it starts.
import { getTableColumns, type SQL, sql } from "drizzle-orm";
import { LOG_COUNT_CAP, TENANT_SHIFT } from "../../../schema/constants";
import { type PromptLogRow, promptLogs, searchTenants } from "../../../schema/tables";
import type { LogsQuery } from "../../../schema/validation";
import type { Db } from "../env";

const SPAN = sql.raw(String(2 ** TENANT_SHIFT));

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
 * The index rowids a search must scan given the time bounds: logs stamped after `to` (or after the
 * cursor row) can only have been stored after the first log stamped more than late_ms later than
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
  const hi = ceiling
    ? sql`${BASE} + coalesce(${rowidAt(orgId, sql`${promptLogs.createdAt} > ${ceiling} + ${LATE}`, "asc")} - 1, ${SPAN} - 1)`
    : sql`${BASE} + ${SPAN} - 1`;
  const lo = q.from
    ? sql`${BASE} + coalesce(${rowidAt(orgId, sql`${promptLogs.createdAt} < ${q.from.getTime()} - ${LATE}`, "desc")}, 0)`
    : BASE;
  return { lo, hi };
}

type Filters = Bounds & Pick<LogsQuery, "userId">;

/**
 * Matches of the organization's block within [lo, hi], each joined to its log and passing `where`.
 * A user filter is also checked on the index entry, against the set of the user's log rowids (its own
 * index), before the log is read: reading a log to look at its user costs its long prompt first, and
 * a user's logs are a small share of a tenant's (4-6× faster for a word with a user filter).
 */
function matches(orgId: string, match: string, lo: SQL, hi: SQL, where: SQL, q: Filters) {
  const byUser = q.userId
    ? sql`AND prompt_logs_fts.rowid - ${BASE} IN (SELECT rowid FROM ${promptLogs} WHERE ${promptLogs.orgId} = ${orgId} AND ${promptLogs.userId} = ${q.userId})`
    : sql``;
  return sql`prompt_logs_fts CROSS JOIN ${promptLogs} ON ${promptLogs}.rowid = prompt_logs_fts.rowid - ${BASE}
    WHERE prompt_logs_fts MATCH ${match} AND prompt_logs_fts.rowid BETWEEN ${lo} AND ${hi} ${byUser} AND ${where}`;
}

/** The prompt_logs rowids of every match in the organization's block (for a filter that is not the scan's driver). */
export const tenantMatchRowids = (orgId: string, match: string) =>
  sql`SELECT prompt_logs_fts.rowid - t.base FROM (SELECT ${searchTenants.tenantNo} << ${sql.raw(String(TENANT_SHIFT))} AS base FROM ${searchTenants} WHERE ${searchTenants.orgId} = ${orgId}) AS t
    CROSS JOIN prompt_logs_fts WHERE prompt_logs_fts MATCH ${match} AND prompt_logs_fts.rowid BETWEEN t.base AND t.base + ${SPAN} - 1`;

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
 * of this file). `where` holds the organization and every other filter, cursor included; `match` is
 * the FTS5 query (logs.ts ftsQuery).
 */
export async function searchPage(
  db: Db,
  orgId: string,
  match: string,
  where: SQL,
  q: Filters & { limit: number },
): Promise<PromptLogRow[]> {
  const { lo, hi } = scanRange(orgId, q);
  const limit = sql`${q.limit}`;
  // MATERIALIZED: each is computed once (left to itself SQLite re-ran `first` where its bounds are read: 4× slower).
  const raw = await db.all<Record<string, unknown>>(sql`WITH ${tenant(orgId)},
    first AS MATERIALIZED (SELECT prompt_logs_fts.rowid AS fr, ${promptLogs.createdAt} AS c FROM ${matches(orgId, match, lo, hi, where, q)}
      ORDER BY prompt_logs_fts.rowid DESC LIMIT ${limit}),
    low AS MATERIALIZED (SELECT CASE WHEN (SELECT count(*) FROM first) < ${limit} THEN (SELECT min(fr) FROM first)
      ELSE ${BASE} + coalesce(${rowidAt(orgId, sql`${promptLogs.createdAt} < (SELECT min(c) FROM first) - ${LATE}`, "desc")}, 0) END AS lo)
    SELECT ${promptLogs}.* FROM ${matches(orgId, match, sql`(SELECT lo FROM low)`, sql`(SELECT max(fr) FROM first)`, where, q)}
    ORDER BY ${promptLogs.createdAt} DESC, ${promptLogs.id} DESC LIMIT ${limit}`);
  return raw.map(toRow);
}

/**
 * Flag statuses of at most LOG_COUNT_CAP + 1 matching logs of the organization (log-counts.ts caps
 * them). With `searchOnly` (no filter but the organization, which the block already is), the index
 * alone is counted first and the logs are read only when the count is under the cap: past it, the
 * answer is "10,000+" without reading 10,001 rows (a row pays for its long prompt before its flag).
 */
export function searchCountRows(db: Db, orgId: string, match: string, where: SQL, q: Filters, searchOnly: boolean) {
  const { lo, hi } = scanRange(orgId, q);
  const over = LOG_COUNT_CAP + 1;
  if (!searchOnly)
    return db.all<{ flag_status: string; n: number }>(sql`WITH ${tenant(orgId)}
      SELECT flag_status, count(*) AS n FROM (
        SELECT ${promptLogs.flagStatus} AS flag_status FROM ${matches(orgId, match, lo, hi, where, q)} LIMIT ${over}
      ) GROUP BY flag_status`);
  return db.all<{ flag_status: string; n: number }>(sql`WITH ${tenant(orgId)},
    hits AS MATERIALIZED (SELECT rowid AS fr FROM prompt_logs_fts WHERE prompt_logs_fts MATCH ${match} AND rowid BETWEEN ${lo} AND ${hi} LIMIT ${over}),
    total AS MATERIALIZED (SELECT count(*) AS n FROM hits)
    SELECT ${promptLogs.flagStatus} AS flag_status, count(*) AS n FROM hits CROSS JOIN ${promptLogs} ON ${promptLogs}.rowid = hits.fr - ${BASE}
      WHERE (SELECT n FROM total) < ${over} AND ${where} GROUP BY ${promptLogs.flagStatus}
    UNION ALL SELECT '', n FROM total WHERE n >= ${over}`);
}
