// Log reads across an organization's segments (docs/scaling.md#step-3--segments): a lookup by id is
// one read of the segment its id names; a newest-first list visits the segments newest first and stops
// as soon as the page is full and the next segment cannot hold a newer row. An organization with one
// segment (every organization until rollover is enabled) runs the one-database queries of logs.ts as
// they are.
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { type PromptLogRow, promptLogs } from "@promptsentry/schema/tables/logs";
import type { LogsQuery } from "@promptsentry/schema/requests/logs";
import type { Db } from "../env";
import { newestFirst, type Segment, segmentForId } from "../tenancy/segments";
import { MODELS_SEEN_LIMIT, modelsSeen } from "./activity";
import {
  type FingerprintSummary,
  fingerprintSummary,
  getLog,
  indexedSearch,
  LIST_COLUMNS,
  listLogs,
  logFilters,
  type StoredUserFilter,
  valueOrder,
} from "./logs";
import { type Key, keyOf, newerFirst, older } from "./keyset";
import { searchPage } from "./search";

/** The log with this id in the organization, from the one segment its id names; null when none. */
export function getLogIn(segments: readonly Segment[], orgId: string, id: string) {
  const segment = segmentForId(segments, id);
  return segment ? getLog(segment.db, orgId, id) : Promise.resolve(null);
}

const olderThan = (key: Key): SQL => sql`(${promptLogs.createdAt}, ${promptLogs.id}) < (${key.createdAt}, ${key.id})`;

/** The organization's newest row in a segment (one step of its (org_id, created_at) index), as a key. */
async function newestKey(db: Db, orgId: string, below: Key | null): Promise<Key | null> {
  const where = [eq(promptLogs.orgId, orgId)];
  if (below) where.push(olderThan(below));
  const [row] = await db
    .select({ createdAt: promptLogs.createdAt, id: promptLogs.id })
    .from(promptLogs)
    .where(and(...where))
    .orderBy(desc(promptLogs.createdAt), desc(promptLogs.id))
    .limit(1);
  return row ? keyOf(row) : null;
}

type Filters = Omit<StoredUserFilter<LogsQuery>, "before">;

/**
 * One segment's first `limit` rows after the cursor, newest first. A search streams the segment's
 * own index block (search.ts) with the cursor as a literal bound: `to` no later than the cursor's
 * time bounds the scanned rowids in every segment, not only the one holding the cursor row.
 */
async function pageIn(db: Db, orgId: string, q: Filters, cursor: Key | null): Promise<PromptLogRow[]> {
  const terms = indexedSearch(q);
  const bounded = cursor && (!q.to || q.to.getTime() > cursor.createdAt) ? { ...q, to: new Date(cursor.createdAt) } : q;
  const where = logFilters(orgId, bounded, { ftsJoined: !!terms });
  if (cursor) where.push(olderThan(cursor));
  if (terms) return searchPage(db, orgId, terms, and(...where)!, bounded);
  return (await db
    .select(LIST_COLUMNS)
    .from(promptLogs)
    .where(and(...where))
    .orderBy(desc(promptLogs.createdAt), desc(promptLogs.id))
    .limit(q.limit)) as PromptLogRow[];
}

/**
 * A page of the organization's logs. Ordered by a value or oldest first: byValueIn. Newest first by
 * time (searched or not): each live segment newest first gives its own first `limit` rows after the
 * cursor, merged, until the page is full; then no older pool segment can beat it, and segment 0 is
 * read only if its newest row after the cursor beats the page's oldest (one index step).
 * The cursor row is found in the segment its id names, within the organization: another
 * organization's id, or an id of a dropped segment, answers an empty page.
 */
export async function listLogsIn(segments: readonly Segment[], orgId: string, q: StoredUserFilter<LogsQuery>): Promise<PromptLogRow[]> {
  const live = newestFirst(segments);
  if (live.length === 1) return listLogs(live[0].db, orgId, q);
  const cursorRow = q.before ? await getLogIn(segments, orgId, q.before) : null;
  if (q.before && !cursorRow) return [];
  const { before: _before, ...filters } = q;
  if ((q.sort ?? "time") !== "time" || q.order === "asc") return byValueIn(live, orgId, filters, cursorRow);
  const cursor = cursorRow ? keyOf(cursorRow) : null;
  let page: PromptLogRow[] = [];
  for (const segment of live) {
    if (page.length === q.limit) {
      // A pool segment's logs were stamped (id and created_at, one instant) before the next segment
      // started, and every row of a full page after it later: nothing in it can enter the page.
      // Segment 0 may hold hand-made ids of any time, so it is asked (one index step).
      if (segment.seq > 0) continue;
      const next = await newestKey(segment.db, orgId, cursor);
      if (!next || older(next, keyOf(page[page.length - 1]))) continue;
    }
    const rows = await pageIn(segment.db, orgId, filters, cursor);
    page = [...page, ...rows].sort(newerFirst).slice(0, q.limit);
  }
  return page;
}

/** The row field behind each sort (SORT_COLUMNS' columns, as drizzle maps them). */
const SORT_FIELDS = { time: "createdAt", latency: "latencyMs", tokens: "tokenCount", cost: "estimatedCost" } as const;

/**
 * A list ordered by a value or oldest first: every live segment's first `limit` rows after the
 * cursor's key (SQLite's bounded sort in each, as in one database), merged. The key is compared as
 * literals, the cursor row having been found in its own segment.
 */
async function byValueIn(live: readonly Segment[], orgId: string, q: Filters, cursorRow: PromptLogRow | null) {
  const sort = q.sort ?? "time";
  const order = q.order ?? "desc";
  const sortedBy = (row: PromptLogRow) => {
    const v = row[SORT_FIELDS[sort]];
    return v instanceof Date ? v.getTime() : (v ?? (order === "desc" ? -1 : Number.POSITIVE_INFINITY));
  };
  const key = (row: PromptLogRow) => [sortedBy(row), row.createdAt.getTime(), row.id] as const;
  const literal = (v: number) => (Number.isFinite(v) ? sql`${v}` : sql.raw("9e999"));
  const after = cursorRow ? sql`(${literal(sortedBy(cursorRow))}, ${cursorRow.createdAt.getTime()}, ${cursorRow.id})` : undefined;
  const pages = await Promise.all(
    live.map(async ({ db }) => {
      const where = logFilters(orgId, q);
      const { orderBy, cursor } = valueOrder(orgId, sort, order, after);
      if (cursor) where.push(cursor);
      return (await db
        .select(LIST_COLUMNS)
        .from(promptLogs)
        .where(and(...where))
        .orderBy(...orderBy)
        .limit(q.limit)) as PromptLogRow[];
    }),
  );
  const first = (a: PromptLogRow, b: PromptLogRow) => {
    const [x, y] = [key(a), key(b)];
    const cmp = x[0] - y[0] || x[1] - y[1] || (x[2] < y[2] ? -1 : 1);
    return order === "desc" ? -cmp : cmp;
  };
  return pages.flat().sort(first).slice(0, q.limit);
}

/** A redacted value's summary over every live segment: logs summed, first and last seen across them. */
export async function fingerprintSummaryIn(segments: readonly Segment[], orgId: string, fingerprint: string): Promise<FingerprintSummary> {
  const parts = await Promise.all(newestFirst(segments).map((s) => fingerprintSummary(s.db, orgId, fingerprint)));
  const seen = parts.filter((p) => p.logs > 0);
  const time = (d: Date | null) => d?.getTime() ?? Number.NaN;
  return {
    fingerprint,
    logs: seen.reduce((n, p) => n + p.logs, 0),
    firstSeenAt: seen.length ? new Date(Math.min(...seen.map((p) => time(p.firstSeenAt)))) : null,
    lastSeenAt: seen.length ? new Date(Math.max(...seen.map((p) => time(p.lastSeenAt)))) : null,
  };
}

/** The models of the organization's logs over every live segment: each segment's counters, merged by model. */
export async function modelsSeenIn(segments: readonly Segment[], orgId: string) {
  const byModel = new Map<string, { model: string; prompts: number; lastSeen: string }>();
  for (const rows of await Promise.all(newestFirst(segments).map((s) => modelsSeen(s.db, orgId))))
    for (const r of rows) {
      const m = byModel.get(r.model);
      byModel.set(r.model, m ? { model: r.model, prompts: m.prompts + r.prompts, lastSeen: [m.lastSeen, r.lastSeen].sort()[1] } : r);
    }
  return [...byModel.values()].sort((a, b) => b.prompts - a.prompts || (a.model < b.model ? -1 : 1)).slice(0, MODELS_SEEN_LIMIT);
}
