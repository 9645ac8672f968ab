// GET /api/logs/counts, bounded (issue 11). Two ways, neither a scan of the organization's logs:
// - no search or row-level filter (only flag and model, which daily_usage carries): the aggregate
//   table, plus an exact count of the few rows retention may have half-purged (below);
// - any other filter or a search: count at most LOG_COUNT_CAP + 1 matching rows; past the cap the
//   answer is `{ total: LOG_COUNT_CAP, capped: true }` (shown as "10,000+") and the per-flag
//   numbers are null (unknown: the first rows found say nothing about the rest).
import { and, count, eq, sql, type SQL } from "drizzle-orm";
import {
  DEFAULT_METADATA_RETENTION_DAYS,
  DEFAULT_RETENTION_DAYS,
  FLAG_STATUSES,
  LOG_COUNT_CAP,
  type FlagStatus,
} from "../../../schema/constants";
import { dailyUsage, orgSettings, promptLogs } from "../../../schema/tables";
import type { LogsQuery } from "../../../schema/validation";
import type { Db } from "../env";
import { dayKey } from "../lib/days";
import { logFilters } from "./logs";

const DAY_MS = 86_400_000;

export type LogCounts = { total: number; capped: boolean } & Record<FlagStatus, number | null>;
type CountsFilter = Omit<LogsQuery, "limit" | "before">;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => "\\" + ch);

/** Filters daily_usage can answer: it has one row per (organization, day, model) with per-flag totals. */
const aggregateAnswers = (q: CountsFilter) => !q.search && !q.userId && !q.from && !q.to && !q.fingerprint;

const zero = () => Object.fromEntries(FLAG_STATUSES.map((f) => [f, 0])) as Record<FlagStatus, number>;

function withTotal(perFlag: Record<FlagStatus, number>, flags: readonly FlagStatus[]): LogCounts {
  for (const f of FLAG_STATUSES) if (!flags.includes(f)) perFlag[f] = 0;
  return { total: FLAG_STATUSES.reduce((sum, f) => sum + perFlag[f], 0), capped: false, ...perFlag };
}

/**
 * From the aggregate. daily_usage is written by the insert trigger and never decremented, while the
 * retention cron deletes logs older than the organization's metadata horizon, in chunks that may stop
 * part-way. So days from the day after today's horizon on are summed from daily_usage (no row there
 * was ever deleted), and the rows before that day — at most a day's logs plus any purge backlog — are
 * counted exactly through the (org_id, created_at) index.
 */
async function countFromAggregate(db: Db, orgId: string, q: CountsFilter, now: number): Promise<LogCounts> {
  const [settings] = await db
    .select({ retentionDays: orgSettings.retentionDays, metadataRetentionDays: orgSettings.metadataRetentionDays })
    .from(orgSettings)
    .where(eq(orgSettings.orgId, orgId));
  const keepDays = Math.max(settings?.metadataRetentionDays ?? DEFAULT_METADATA_RETENTION_DAYS, settings?.retentionDays ?? DEFAULT_RETENTION_DAYS);
  const intactFrom = (Math.floor((now - keepDays * DAY_MS) / DAY_MS) + 1) * DAY_MS;
  const usageWhere: SQL[] = [eq(dailyUsage.orgId, orgId), sql`${dailyUsage.day} >= ${dayKey(intactFrom)}`];
  if (q.model) usageWhere.push(sql`lower(${dailyUsage.model}) LIKE ${escapeLike(q.model.toLowerCase()) + "%"} ESCAPE '\\'`);
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
      .groupBy(promptLogs.flagStatus),
  ]);
  const perFlag = zero();
  for (const f of FLAG_STATUSES) perFlag[f] = Number(usage[f]);
  for (const r of older) if (r.flagStatus in perFlag) perFlag[r.flagStatus as FlagStatus] += r.n;
  return withTotal(perFlag, q.flagStatus?.length ? q.flagStatus : FLAG_STATUSES);
}

/** Counts at most LOG_COUNT_CAP + 1 matching rows, then stops. */
async function countCapped(db: Db, orgId: string, q: CountsFilter): Promise<LogCounts> {
  const firstRows = db
    .select({ flagStatus: promptLogs.flagStatus })
    .from(promptLogs)
    .where(and(...logFilters(orgId, q)))
    .limit(LOG_COUNT_CAP + 1)
    .as("first_rows");
  const rows = await db.select({ flagStatus: firstRows.flagStatus, n: count() }).from(firstRows).groupBy(firstRows.flagStatus);
  const perFlag = zero();
  for (const r of rows) if (r.flagStatus in perFlag) perFlag[r.flagStatus as FlagStatus] = r.n;
  const counted = withTotal(perFlag, FLAG_STATUSES);
  if (counted.total <= LOG_COUNT_CAP) return counted;
  return { total: LOG_COUNT_CAP, capped: true, ...(Object.fromEntries(FLAG_STATUSES.map((f) => [f, null])) as Record<FlagStatus, null>) };
}

/** How many logs match the filters, in all and per flag status (bounded work, see above). */
export function countLogs(db: Db, orgId: string, q: CountsFilter, now = Date.now()): Promise<LogCounts> {
  return aggregateAnswers(q) ? countFromAggregate(db, orgId, q, now) : countCapped(db, orgId, q);
}
