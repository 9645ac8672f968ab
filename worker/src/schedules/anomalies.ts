// Anomaly detection (docs/delivery.md): every run scores the last full hour of organizations that had
// traffic in it (and of those with an open anomaly) against their own week of hourly counters.
// A new anomaly opens a row and an `anomaly` alert; while one is open for a metric nothing is
// duplicated; a metric back within its threshold resolves it.
import { and, eq, sql } from "drizzle-orm";
import { alerts, anomalyDetections, type AlertRow, type AnomalyRow } from "@promptsentry/schema/tables/alerts";
import { hourlyUsage } from "@promptsentry/schema/tables/usage";
import { enqueueAlertNotifications } from "../delivery/emit";
import type { Bindings, Db } from "../env";
import { idAt, newId } from "../lib/ids";
import { createDb } from "../tenancy/db";
import { livePoolSegmentsByDb, poolD1 } from "../tenancy/segments";
import { allShards, shardDb, shardOf } from "../tenancy/shards";
import { type DetectionDbs, detectionDbs, oneDatabase, unscoredTraffic, weekCounters, weekOf } from "./anomaly-segments";
import { evaluateHour, type Evaluation, type HourCounters, HOUR_MS } from "./anomaly-math";

const ALERT_SEVERITY = { critical: "high", high: "high", medium: "medium", low: "low" } as const;

export type DetectionReport = { hour: number; organizations: number; opened: number; resolved: number };

/** Organizations to score this run: unscored ones with traffic in `hour`, and those with an open anomaly. */
async function candidates(db: Db, hour: number, limit: number): Promise<string[]> {
  const [withTraffic, withOpen] = await db.batch([
    db
      .select({ orgId: hourlyUsage.orgId })
      .from(hourlyUsage)
      .where(and(eq(hourlyUsage.hour, hour), sql`${hourlyUsage.anomalyCheckedAt} IS NULL`))
      .limit(limit),
    db.selectDistinct({ orgId: anomalyDetections.orgId }).from(anomalyDetections).where(eq(anomalyDetections.status, "open")).limit(limit),
  ]);
  return [...new Set([...withTraffic, ...withOpen].map((r) => r.orgId))].slice(0, limit);
}

/** Opens an anomaly unless one is open for the metric: one statement, so overlapping runs cannot both insert. */
function openAnomaly(db: Db, orgId: string, e: Evaluation, now: number) {
  const id = newId(now);
  return db.run(sql`
    INSERT INTO anomaly_detections (id, org_id, metric_name, current_value, threshold, baseline, severity, status, ${sql.identifier(anomalyDetections.detectedAt.name)})
    SELECT ${id}, ${orgId}, ${e.metric}, ${e.current}, ${e.threshold}, ${e.baseline}, ${e.severity}, 'open', ${now}
    WHERE NOT EXISTS (SELECT 1 FROM anomaly_detections WHERE org_id = ${orgId} AND metric_name = ${e.metric} AND status = 'open')`);
}

/** The week's counters and the open anomalies: one batch in one database, else each segment's counters summed. */
async function readState(dbs: DetectionDbs, orgId: string, hour: number): Promise<[HourCounters[], AnomalyRow[]]> {
  const openOf = (db: Db) =>
    db
      .select()
      .from(anomalyDetections)
      .where(and(eq(anomalyDetections.orgId, orgId), eq(anomalyDetections.status, "open")));
  const [only] = dbs.usage;
  if (dbs.usage.length === 1 && only === dbs.home)
    return only.batch([only.select().from(hourlyUsage).where(weekOf(orgId, hour)), openOf(only)]);
  return Promise.all([weekCounters(dbs.usage, orgId, hour), openOf(dbs.home)]);
}

async function scoreOrganization(dbs: DetectionDbs, orgId: string, hour: number, now: number) {
  const db = dbs.home;
  const [rows, open] = await readState(dbs, orgId, hour);
  const openByMetric = new Map<string, AnomalyRow>(open.map((a) => [a.metricName, a]));
  const newAlerts: AlertRow[] = [];
  let opened = 0;
  let resolved = 0;

  const evaluations = evaluateHour(rows, hour) ?? [];
  for (const e of evaluations) {
    const existing = openByMetric.get(e.metric);
    if (e.severity && !existing) {
      const inserted = await openAnomaly(db, orgId, e, now);
      if (!inserted.meta.changes) continue;
      opened++;
      // The grouping index (org, type, reason, window) also keeps a re-scored hour from alerting twice.
      const [alert] = await dbs.alerts
        .insert(alerts)
        .values({
          // Exactly `now`, the time of the segment written to: the alert is in the segment its id names.
          id: idAt(now),
          orgId,
          type: "anomaly",
          severity: ALERT_SEVERITY[e.severity],
          message: e.message,
          reason: e.metric,
          windowStart: hour,
          createdAt: new Date(now),
          lastSeenAt: new Date(now),
        })
        .onConflictDoNothing()
        .returning();
      if (alert) newAlerts.push(alert);
    }
  }
  // Resolved: back within threshold, or too little data left to call it anomalous (an organization
  // that went quiet must not keep an anomaly open forever).
  for (const existing of open) {
    const e = evaluations.find((x) => x.metric === existing.metricName);
    if (e?.severity) continue;
    await db
      .update(anomalyDetections)
      .set({ status: "resolved", resolvedAt: new Date(now) })
      .where(and(eq(anomalyDetections.id, existing.id), eq(anomalyDetections.status, "open")));
    resolved++;
  }
  for (const usage of dbs.usage)
    await usage
      .update(hourlyUsage)
      .set({ anomalyCheckedAt: now })
      .where(and(eq(hourlyUsage.orgId, orgId), eq(hourlyUsage.hour, hour)));
  return { opened, resolved, newAlerts };
}

/**
 * Every data shard in turn (each holds its tenants' hourly counters, anomalies and alerts), then every
 * pool database with a live segment (its organization's counters of the hours it holds), at most
 * `maxOrganizations` per database; each organization is scored once a run, over all its segments.
 * Notifications read webhooks and integrations from the control database.
 */
export async function detectAnomalies(
  env: Bindings,
  db: Db,
  now: number,
  options: { maxOrganizations?: number } = {},
): Promise<DetectionReport> {
  const hour = Math.floor(now / HOUR_MS) * HOUR_MS - HOUR_MS;
  const limit = options.maxOrganizations ?? 100;
  const report: DetectionReport = { hour, organizations: 0, opened: 0, resolved: 0 };
  const pooled = await livePoolSegmentsByDb(db);
  const segmented = new Set([...pooled.values()].flat());
  const scored = new Set<string>();
  const score = async (orgId: string, shard: number, data: Db) => {
    scored.add(orgId);
    // Only an organization with a live pool segment reads its directory: the others run as before segments.
    const dbs = segmented.has(orgId) ? await detectionDbs(env, db, orgId, shard, hour, now) : oneDatabase(data);
    const result = await scoreOrganization(dbs, orgId, hour, now);
    report.organizations++;
    report.opened += result.opened;
    report.resolved += result.resolved;
    if (result.newAlerts.length) {
      // Notifications must never undo detection: the rows are stored either way.
      await enqueueAlertNotifications(env, db, orgId, result.newAlerts).catch((error) =>
        console.error("anomaly notification failed", orgId, error),
      );
    }
  };
  for (const { shard, data } of allShards(env))
    for (const orgId of await candidates(data, hour, limit)) if (!scored.has(orgId)) await score(orgId, shard, data);
  // The hour's traffic of an organization that rolled over is in its pool segment, not its home shard.
  for (const [name, orgIds] of pooled)
    for (const orgId of await unscoredTraffic(createDb(poolD1(env, name)), hour, limit)) {
      const shard = orgIds.includes(orgId) && !scored.has(orgId) ? await shardOf(db, orgId) : null;
      if (shard !== null) await score(orgId, shard, shardDb(env, shard));
    }
  return report;
}
