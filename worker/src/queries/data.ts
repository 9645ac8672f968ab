// The Danger Zone's deletion: an organization's logs, aggregates, alerts, anomalies and deliveries.
// Keys, team, settings and configuration stay.
import { eq, sql } from "drizzle-orm";
import { alerts, anomalyDetections } from "@promptsentry/schema/tables/alerts";
import { customMetrics } from "@promptsentry/schema/tables/metrics";
import { dailyActiveUsers, dailyUsage, hourlyUsage } from "@promptsentry/schema/tables/usage";
import { otelPending } from "@promptsentry/schema/tables/logs";
import { webhookDeliveries } from "@promptsentry/schema/tables/delivery";
import type { Db } from "../env";
import { newestFirst, type Segment } from "../tenancy/segments";
import { deleteKeptFeedbackRecords, deleteRecords, type Recorder } from "./audit";
import { inChunks, type ChunksDone } from "./chunks";

/** Logs go in bounded chunks: each deletion also updates the FTS index, and D1 limits statement time. */
export const LOG_DELETE_CHUNK = 2_000;

/** Deletes every log of the organization, chunk by chunk, and answers how many went. */
export function deleteAllLogs(db: Db, orgId: string, chunkSize = LOG_DELETE_CHUNK): Promise<ChunksDone> {
  return inChunks(
    db,
    sql`DELETE FROM prompt_logs WHERE rowid IN (SELECT rowid FROM prompt_logs WHERE org_id = ${orgId} LIMIT ${chunkSize}) RETURNING 1`,
    chunkSize,
  );
}

/**
 * The organization's rows in every live segment (its data shard first of all), then the custom metrics' last results in the control
 * database, with the deletion's audit record.
 *
 * The audit log is split the way the data is. The shard's records (flag feedback: verdicts, notes that
 * may quote the prompts) describe logs this deletes, so they go with them: whoever deletes all data
 * wants no copy of its judgements kept (nor the copies that emptied segments left in the control
database). The control database's records (settings, keys, members,
 * webhooks, integrations) are about configuration, which this keeps, so they stay. And the deletion
 * itself is recorded there: it is the most destructive change an admin can make and would otherwise
 * leave no trace at all. The record commits in the same batch as the deletion's last step, so it is
 * written exactly when the deletion completed (the shard's chunks before it cannot share a batch with
 * the control database; a deletion interrupted midway leaves no record until it is run again).
 */
export async function deleteOrganizationData(
  { db: control, segments }: { db: Db; segments: readonly Segment[] },
  orgId: string,
  audit: Recorder,
): Promise<void> {
  let deleted = 0;
  // Every live segment holds the organization's logs and what its triggers counted (tenancy/segments.ts).
  for (const { db } of newestFirst(segments)) {
    deleted += (await deleteAllLogs(db, orgId)).rows;
    await db.batch([
      deleteRecords(db, orgId),
      db.delete(dailyUsage).where(eq(dailyUsage.orgId, orgId)),
      db.delete(dailyActiveUsers).where(eq(dailyActiveUsers.orgId, orgId)),
      // The anomaly detector's baseline goes too, or it would compare new traffic to deleted history.
      db.delete(hourlyUsage).where(eq(hourlyUsage.orgId, orgId)),
      db.delete(alerts).where(eq(alerts.orgId, orgId)),
      db.delete(anomalyDetections).where(eq(anomalyDetections.orgId, orgId)),
      db.delete(webhookDeliveries).where(eq(webhookDeliveries.orgId, orgId)),
      // OTLP calls still waiting for their other half hold prompt text too.
      db.delete(otelPending).where(eq(otelPending.orgId, orgId)),
    ]);
  }
  await control.batch([
    deleteKeptFeedbackRecords(control, orgId),
    control.update(customMetrics).set({ lastValue: null, lastRefreshedAt: null, lastError: null }).where(eq(customMetrics.orgId, orgId)),
    audit({ action: "data.delete", entityType: "data", entityId: orgId, before: { logs: deleted }, after: { logs: 0 } }),
  ]);
}
