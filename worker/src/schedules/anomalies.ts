// Anomaly detection (docs/delivery.md): every run scores the last full hour of organizations that had
// traffic in it (and of those with an open anomaly) against their own week of hourly counters.
// A new anomaly opens a row and an `anomaly` alert; while one is open for a metric nothing is
// duplicated; a metric back within its threshold resolves it.
import { and, eq, gte, lte, sql } from "drizzle-orm";
import { alerts, anomalyDetections, type AlertRow, type AnomalyRow } from "@promptsentry/schema/tables/alerts";
import { hourlyUsage } from "@promptsentry/schema/tables/usage";
import { enqueueAlertNotifications } from "../delivery/emit";
import type { Bindings, Db } from "../env";
import { newId } from "../lib/ids";
import { allShards } from "../tenancy/shards";
import { BASELINE_HOURS, evaluateHour, HOUR_MS, type Evaluation } from "./anomaly-math";

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

async function scoreOrganization(db: Db, orgId: string, hour: number, now: number) {
  const [rows, open] = await db.batch([
    db
      .select()
      .from(hourlyUsage)
      .where(and(eq(hourlyUsage.orgId, orgId), gte(hourlyUsage.hour, hour - BASELINE_HOURS * HOUR_MS), lte(hourlyUsage.hour, hour))),
    db
      .select()
      .from(anomalyDetections)
      .where(and(eq(anomalyDetections.orgId, orgId), eq(anomalyDetections.status, "open"))),
  ]);
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
      const [alert] = await db
        .insert(alerts)
        .values({
          id: newId(now),
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
  await db
    .update(hourlyUsage)
    .set({ anomalyCheckedAt: now })
    .where(and(eq(hourlyUsage.orgId, orgId), eq(hourlyUsage.hour, hour)));
  return { opened, resolved, newAlerts };
}

/**
 * Every data shard in turn (each holds its tenants' hourly counters, anomalies and alerts), at most
 * `maxOrganizations` per shard; notifications read webhooks and integrations from the control database.
 */
export async function detectAnomalies(
  env: Bindings,
  db: Db,
  now: number,
  options: { maxOrganizations?: number } = {},
): Promise<DetectionReport> {
  const hour = Math.floor(now / HOUR_MS) * HOUR_MS - HOUR_MS;
  const report: DetectionReport = { hour, organizations: 0, opened: 0, resolved: 0 };
  for (const { data } of allShards(env)) {
    for (const orgId of await candidates(data, hour, options.maxOrganizations ?? 100)) {
      const result = await scoreOrganization(data, orgId, hour, now);
      report.organizations++;
      report.opened += result.opened;
      report.resolved += result.resolved;
      if (result.newAlerts.length) {
        // Notifications must never undo detection: the rows are stored either way.
        await enqueueAlertNotifications(env, db, orgId, result.newAlerts).catch((error) =>
          console.error("anomaly notification failed", orgId, error),
        );
      }
    }
  }
  return report;
}
