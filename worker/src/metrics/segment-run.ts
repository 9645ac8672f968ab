// Custom metrics over an organization's segments (docs/scaling.md#step-3--segments,
// docs/custom-metric-sql.md#across-log-segments). An aggregate query merges per-segment partial
// aggregates (partials-plan.ts, partials-run.ts), exact at any size. Any other checked SELECT does not
// merge from per-segment results (a median, a top N of rows): when the window overlaps several
// segments, the rows of the window in all but one are read (the columns `logs` has, no text unless
// the query reads text) and carried into one statement on the segment holding most of the window,
// within CARRY_LIMITS.
import { and, eq, sql } from "drizzle-orm";
import { DAY_MS } from "@promptsentry/schema/constants/time";
import { customMetrics, type CustomMetricRow } from "@promptsentry/schema/tables/metrics";
import type { Db } from "../env";
import { segmentsOverlapping } from "../tenancy/segment-window";
import type { Segment } from "../tenancy/segments";
import { type CheckedQuery, MetricQueryError, prepareMetricQuery } from "./sandbox";
import { LOGS_WINDOW_DAYS, logsColumns, logsSource, type MetricRows, runMetricSql } from "./run";
import { type CarryLimits, chunked } from "./json-chunks";
import { planPartials } from "./partials-plan";
import { PARTIAL_LIMITS, PartialsUnavailable, runPartials } from "./partials-run";
import { shapeMetricValue } from "./shape";

/** What may be carried from the other segments (json-chunks.ts): logs of the window. Beyond, the metric fails with the reason. */
export const CARRY_LIMITS: CarryLimits = { rows: 50_000, chars: 16_000_000, chunkChars: 500_000 };

/**
 * Too many rows to carry. When the partial path failed first, its reason is the one to tell: SQLite's
 * error about the query itself, or that its groups and distinct values were too many as well.
 */
const tooMany = (limits: CarryLimits, partials?: PartialsUnavailable) =>
  partials && !partials.tooMany
    ? new MetricQueryError(partials.message)
    : new MetricQueryError(
        `The last ${LOGS_WINDOW_DAYS} days of logs span several log segments, and more of them lie outside the largest than one query can combine (${limits.rows.toLocaleString("en-US")} logs or ${(limits.chars / 1_000_000).toLocaleString("en-US")} million characters)${partials?.tooMany ? `; ${partials.message}` : ""}`,
      );

/** One segment's rows of the window, in LOGS_COLUMNS order. */
async function windowRows(db: Db, orgId: string, query: CheckedQuery, since: number, limit: number): Promise<unknown[][]> {
  const source = sql.raw(await logsSource(db, query));
  return db.values(
    sql`SELECT ${logsColumns(query.readsText)} FROM ${source} WHERE org_id = ${orgId} AND created_at >= ${since} LIMIT ${limit + 1}`,
  );
}

/**
 * The segment holding the longest part of [since, now]: the statement runs there, so the fewest rows
 * are carried (logs arrive at a steady enough rate that time stands for rows without a count).
 */
function longestShare(segments: readonly Segment[], overlapping: readonly Segment[], since: number, now: number): Segment {
  const share = (s: Segment) => {
    const endsAt = segments[segments.indexOf(s) + 1]?.startsAt ?? Number.POSITIVE_INFINITY;
    return Math.min(endsAt, now) - Math.max(s.startsAt, since);
  };
  return overlapping.reduce((best, s) => (share(s) > share(best) ? s : best));
}

/** Runs a checked query over the organization's logs of the window in every live segment it overlaps. */
export async function runMetricSqlIn(
  segments: readonly Segment[],
  orgId: string,
  query: CheckedQuery,
  now: number,
  limits = CARRY_LIMITS,
  partialLimits = PARTIAL_LIMITS,
): Promise<MetricRows> {
  const since = now - LOGS_WINDOW_DAYS * DAY_MS;
  const overlapping = segmentsOverlapping(segments, since);
  // Segment 0 is never emptied whole, so it answers (with no rows) a window no live segment holds.
  if (overlapping.length <= 1) return runMetricSql((overlapping[0] ?? segments[0]).db, orgId, query, now);
  const target = longestShare(segments, overlapping, since, now);
  // An aggregate query merges per-segment partial aggregates, at any size; the rest carries rows.
  const plan = planPartials(query.ast);
  let partials: PartialsUnavailable | undefined;
  if (plan) {
    try {
      return await runPartials(overlapping, target, orgId, query, plan, now, partialLimits);
    } catch (error) {
      if (!(error instanceof PartialsUnavailable)) throw error;
      partials = error;
    }
  }
  const others = overlapping.filter((s) => s !== target);
  const rows = (await Promise.all(others.map((s) => windowRows(s.db, orgId, query, since, limits.rows)))).flat();
  if (rows.length > limits.rows) throw tooMany(limits, partials);
  const json = rows.map((row) => JSON.stringify(row));
  return runMetricSql(
    target.db,
    orgId,
    query,
    now,
    chunked(json, limits, () => tooMany(limits, partials)),
  );
}

type MetricSpec = Pick<CustomMetricRow, "query" | "type" | "visualization">;

/** Checks, runs and shapes one metric query over the organization's segments; throws MetricQueryError with a user-facing message. */
export async function computeMetricValueIn(segments: readonly Segment[], orgId: string, metric: MetricSpec, now: number): Promise<unknown> {
  const result = await runMetricSqlIn(segments, orgId, prepareMetricQuery(metric.query), now);
  return shapeMetricValue(result, metric.type, metric.visualization);
}

/**
 * Refreshes one stored metric: a new value, or the error (keeping the last good value). The query runs
 * on the organization's segments; the metric and its result are kept in the control database `db`.
 */
export async function refreshMetric(
  { db, segments }: { db: Db; segments: readonly Segment[] },
  metric: CustomMetricRow,
  now: number,
): Promise<CustomMetricRow> {
  let set: Partial<CustomMetricRow>;
  try {
    set = { lastValue: await computeMetricValueIn(segments, metric.orgId, metric, now), lastError: null, lastRefreshedAt: new Date(now) };
  } catch (error) {
    if (!(error instanceof MetricQueryError)) throw error;
    // lastRefreshedAt moves on too, so a broken query is retried after its interval, not every minute.
    set = { lastError: error.message, lastRefreshedAt: new Date(now) };
  }
  const [row] = await db
    .update(customMetrics)
    .set(set)
    .where(and(eq(customMetrics.orgId, metric.orgId), eq(customMetrics.id, metric.id)))
    .returning();
  return row ?? { ...metric, ...set };
}
