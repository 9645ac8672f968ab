// GET /api/logs/counts, bounded (docs/scaling.md#counts). Two ways, neither a scan of the organization's logs:
// - no search or row-level filter (only flag and model, which daily_usage carries): the aggregate
//   table, plus an exact count of the few rows retention may have half-purged (below);
// - any other filter or a search: count at most LOG_COUNT_CAP + 1 matching rows; past the cap the
//   answer is `{ total: LOG_COUNT_CAP, capped: true }` (shown as "10,000+") and the per-flag
//   numbers are null (unknown: the first rows found say nothing about the rest).
import { and, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import { DEFAULT_METADATA_RETENTION_DAYS, DEFAULT_RETENTION_DAYS } from "@promptsentry/schema/constants/privacy";
import { FLAG_STATUSES, type FlagStatus } from "@promptsentry/schema/constants/flags";
import { LOG_COUNT_CAP } from "@promptsentry/schema/constants/logs";
import { dailyUsage } from "@promptsentry/schema/tables/usage";
import { orgSettings } from "@promptsentry/schema/tables/organizations";
import { promptLogs } from "@promptsentry/schema/tables/logs";
import type { LogFilter } from "@promptsentry/schema/requests/logs";
import type { Db } from "../env";
import { newestFirst, type Segment } from "../tenancy/segments";
import { indexedSearch, logFilters, type StoredUserFilter } from "./logs";
import { searchCountRows } from "./search";

const DAY_MS = 86_400_000;

export type LogCounts = { total: number; capped: boolean } & Record<FlagStatus, number | null>;
type CountsFilter = StoredUserFilter<LogFilter>;
/** The control database (settings) and the organization's log segments (tenancy/segments.ts). */
type SegmentedDbs = { db: Db; segments: readonly Segment[] };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Filters daily_usage can answer: it has one row per (organization, day, model) with per-flag totals. */
const aggregateAnswers = (q: CountsFilter) =>
  !q.search &&
  !q.userId &&
  !q.sessionId &&
  !q.source &&
  !q.reason &&
  q.reviewed === undefined &&
  q.blocked === undefined &&
  !q.from &&
  !q.to &&
  !q.fingerprint &&
  !q.excludeSource;

const zero = () => Object.fromEntries(FLAG_STATUSES.map((f) => [f, 0])) as Record<FlagStatus, number>;

function withTotal(perFlag: Record<FlagStatus, number>, flags: readonly FlagStatus[]): LogCounts {
  for (const f of FLAG_STATUSES) if (!flags.includes(f)) perFlag[f] = 0;
  return { total: FLAG_STATUSES.reduce((sum, f) => sum + perFlag[f], 0), capped: false, ...perFlag };
}

/**
 * The first whole day after the organization's metadata horizon (schedules/retention.ts), in ms. Its
 * settings are in the control database, its logs in its shard: read first, then bound into the count.
 */
async function intactFromMs(control: Db, orgId: string, now: number): Promise<number> {
  const [s] = await control
    .select({ retentionDays: orgSettings.retentionDays, metadataRetentionDays: orgSettings.metadataRetentionDays })
    .from(orgSettings)
    .where(eq(orgSettings.orgId, orgId))
    .limit(1);
  const days = Math.max(s?.metadataRetentionDays ?? DEFAULT_METADATA_RETENTION_DAYS, s?.retentionDays ?? DEFAULT_RETENTION_DAYS);
  return (Math.floor((now - days * DAY_MS) / DAY_MS) + 1) * DAY_MS;
}

/** One segment's per-flag counts: its aggregate rows (kept by its own triggers) plus its rows before the horizon's next day. */
async function aggregateIn(db: Db, orgId: string, q: CountsFilter, intactFrom: number, perFlag: Record<FlagStatus, number>) {
  const usageWhere: SQL[] = [
    eq(dailyUsage.orgId, orgId),
    sql`${dailyUsage.day} >= strftime('%Y-%m-%d', ${intactFrom} / 1000, 'unixepoch')`,
  ];
  if (q.model) usageWhere.push(sql`lower(${dailyUsage.model}) LIKE ${`${escapeLike(q.model.toLowerCase())}%`} ESCAPE '\\'`);
  if (q.models?.length) usageWhere.push(inArray(dailyUsage.model, q.models));
  const { flagStatus: _flags, ...rest } = q;
  const [[usage], older] = await db.batch([
    db
      .select({
        safe: sql<number>`coalesce(sum(${dailyUsage.safe}), 0)`,
        warning: sql<number>`coalesce(sum(${dailyUsage.warning}), 0)`,
        critical: sql<number>`coalesce(sum(${dailyUsage.critical}), 0)`,
      })
      .from(dailyUsage)
      .where(and(...usageWhere)),
    db
      .select({ flagStatus: promptLogs.flagStatus, n: count() })
      .from(promptLogs)
      .where(and(...logFilters(orgId, rest), sql`${promptLogs.createdAt} < ${intactFrom}`))
      // `+flag_status`: the same groups, but not an order the (org_id, flag_status, …) index gives, so
      // SQLite reads the (org_id, created_at) range (the few rows before the horizon's next day)
      // instead of that whole index to skip a sort: every log of the organization, 1M in a big tenant.
      .groupBy(sql`+${promptLogs.flagStatus}`),
  ]);
  for (const f of FLAG_STATUSES) perFlag[f] += Number(usage[f]);
  for (const r of older) if (r.flagStatus in perFlag) perFlag[r.flagStatus as FlagStatus] += r.n;
}

/** Every live segment's aggregate counts, summed: each segment's triggers count the logs written to it. */
async function countFromAggregate(
  { db: control, segments }: SegmentedDbs,
  orgId: string,
  q: CountsFilter,
  now: number,
): Promise<LogCounts> {
  const intactFrom = await intactFromMs(control, orgId, now);
  const perFlag = zero();
  await Promise.all(newestFirst(segments).map((s) => aggregateIn(s.db, orgId, q, intactFrom, perFlag)));
  return withTotal(perFlag, q.flagStatus?.length ? q.flagStatus : FLAG_STATUSES);
}

/**
 * Counts at most LOG_COUNT_CAP + 1 matching rows, then stops. A search reads the organization's block
 * of the FTS index joined to the logs (search.ts), so the LIMIT also stops the index scan and other
 * organizations' entries are never read.
 */
async function cappedRowsIn(db: Db, orgId: string, q: CountsFilter) {
  const terms = indexedSearch(q);
  const filters = logFilters(orgId, q, { ftsJoined: !!terms });
  const where = and(...filters)!;
  return terms
    ? searchCountRows(db, orgId, terms, where, q, filters.length === 1)
    : db.all<{ flag_status: string; n: number }>(
        sql`SELECT flag_status, count(*) AS n FROM (SELECT ${promptLogs.flagStatus} AS flag_status FROM ${promptLogs} WHERE ${where} LIMIT ${LOG_COUNT_CAP + 1}) GROUP BY flag_status`,
      );
}

/** The live segments newest first, each counted up to the cap, stopping once the total passes it. */
async function countCapped(segments: readonly Segment[], orgId: string, q: CountsFilter): Promise<LogCounts> {
  const perFlag = zero();
  let found = 0;
  for (const segment of newestFirst(segments)) {
    for (const r of await cappedRowsIn(segment.db, orgId, q)) {
      found += Number(r.n);
      if (r.flag_status in perFlag) perFlag[r.flag_status as FlagStatus] += Number(r.n);
    }
    if (found > LOG_COUNT_CAP) break;
  }
  if (found <= LOG_COUNT_CAP) return withTotal(perFlag, FLAG_STATUSES);
  return { total: LOG_COUNT_CAP, capped: true, ...(Object.fromEntries(FLAG_STATUSES.map((f) => [f, null])) as Record<FlagStatus, null>) };
}

/** How many logs match the filters, in all and per flag status (bounded work, see above). */
export function countLogs(dbs: SegmentedDbs, orgId: string, q: CountsFilter, now = Date.now()): Promise<LogCounts> {
  return aggregateAnswers(q) ? countFromAggregate(dbs, orgId, q, now) : countCapped(dbs.segments, orgId, q);
}
