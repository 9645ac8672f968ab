// The databases anomaly detection reads and writes for one organization (docs/scaling.md#step-3--segments).
// Hourly counters are kept by each segment's triggers for the logs written to it, so the week the
// detector reads is summed over the live segments overlapping it (an hour cut by a rollover has a row
// in each). Detections stay on the home shard; an anomaly's alert goes to the segment holding its
// time, the segment its id names (queries/segment-alerts.ts).
import { and, eq, gte, lte, sql } from "drizzle-orm";
import { hourlyUsage } from "@promptsentry/schema/tables/usage";
import type { Bindings, Db } from "../env";
import { segmentAt, segmentsOf } from "../tenancy/segments";
import { BASELINE_HOURS, type HourCounters, HOUR_MS } from "./anomaly-math";

export type DetectionDbs = {
  /** The home shard: anomaly_detections. */
  home: Db;
  /** Every live segment with hourly counters in the scored week (the home shard alone without segments). */
  usage: Db[];
  /** Where a new anomaly alert is written. */
  alerts: Db;
};

/** An organization without pool segments: everything in its home shard, as before segments. */
export const oneDatabase = (data: Db): DetectionDbs => ({ home: data, usage: [data], alerts: data });

/** The organization's live segments whose time range overlaps the week ending with `hour`, and its alert segment at `now`. */
export async function detectionDbs(env: Bindings, control: Db, orgId: string, homeShard: number, hour: number, now: number) {
  const segments = await segmentsOf(env, control, orgId, homeShard, now);
  const weekStart = hour - BASELINE_HOURS * HOUR_MS;
  const usage = segments
    .filter((s, i) => !s.dropped && s.startsAt < hour + HOUR_MS && (segments[i + 1]?.startsAt ?? Number.POSITIVE_INFINITY) > weekStart)
    .map((s) => s.db);
  const live = segments.filter((s) => !s.dropped);
  return { home: segments[0].db, usage, alerts: segmentAt(live, now).db } satisfies DetectionDbs;
}

/** The week's counters of every segment in `dbs`, summed by hour. */
export async function weekCounters(dbs: readonly Db[], orgId: string, hour: number): Promise<HourCounters[]> {
  const parts = await Promise.all(dbs.map((db) => db.select().from(hourlyUsage).where(weekOf(orgId, hour))));
  const byHour = new Map<number, HourCounters>();
  for (const r of parts.flat()) {
    const h = byHour.get(r.hour);
    byHour.set(
      r.hour,
      h
        ? { hour: r.hour, total: h.total + r.total, flagged: h.flagged + r.flagged, tokens: h.tokens + r.tokens, cost: h.cost + r.cost }
        : { hour: r.hour, total: r.total, flagged: r.flagged, tokens: r.tokens, cost: r.cost },
    );
  }
  return [...byHour.values()].sort((a, b) => a.hour - b.hour);
}

/** The organization's counter rows of the week ending with `hour` (the baseline and the hour itself). */
export const weekOf = (orgId: string, hour: number) =>
  and(eq(hourlyUsage.orgId, orgId), gte(hourlyUsage.hour, hour - BASELINE_HOURS * HOUR_MS), lte(hourlyUsage.hour, hour));

/** Organizations with unscored traffic in `hour` in a database (a pool database holds no detections to add). */
export async function unscoredTraffic(db: Db, hour: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ orgId: hourlyUsage.orgId })
    .from(hourlyUsage)
    .where(and(eq(hourlyUsage.hour, hour), sql`${hourlyUsage.anomalyCheckedAt} IS NULL`))
    .limit(limit);
  return rows.map((r) => r.orgId);
}
