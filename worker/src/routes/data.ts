// Danger Zone (docs/api.md): deletes the organization's logs, aggregates, alerts, anomalies and
// deliveries after the caller types the organization name. Keys, team, settings and configuration stay.
import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { alerts, anomalyDetections, customMetrics, dailyActiveUsers, dailyUsage, hourlyUsage, organizations, webhookDeliveries } from "../../../schema/tables";
import { deletedSchema, type Deleted } from "../../../schema/responses";
import { deleteDataBody } from "../../../schema/validation";
import type { AppEnv, Db } from "../env";
import { badRequest } from "../errors";
import { orgOf } from "../middleware/auth";
import { guard, json } from "../middleware/guard";
import { jsonBody } from "../validate";

/** Logs go in bounded chunks: each deletion also updates the FTS index, and D1 limits statement time. */
const DELETE_CHUNK = 2_000;

export async function deleteAllLogs(db: Db, orgId: string) {
  for (;;) {
    const result = await db.run(
      sql`DELETE FROM prompt_logs WHERE rowid IN (SELECT rowid FROM prompt_logs WHERE org_id = ${orgId} LIMIT ${DELETE_CHUNK})`,
    );
    if ((result.meta.changes ?? 0) < DELETE_CHUNK) break;
  }
}

export const dataRoutes = new Hono<AppEnv>().delete(
  "/",
  ...guard("admin", {
    summary: "Delete all logs, alerts and analytics (body confirms the organization name)",
    tag: "Settings",
    answers: json(deletedSchema),
  }),
  ...jsonBody(deleteDataBody),
  async (c) => {
    const orgId = orgOf(c);
    const db = c.var.db;
    const [org] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, orgId));
    const { confirm } = c.req.valid("json");
    if (confirm.trim() !== org.name) {
      const message = "Type the organization name exactly to confirm";
      throw badRequest(message, { confirm: [message] });
    }
    await deleteAllLogs(db, orgId);
    await db.batch([
      db.delete(dailyUsage).where(eq(dailyUsage.orgId, orgId)),
      db.delete(dailyActiveUsers).where(eq(dailyActiveUsers.orgId, orgId)),
      // The anomaly detector's baseline goes too, or it would compare new traffic to deleted history.
      db.delete(hourlyUsage).where(eq(hourlyUsage.orgId, orgId)),
      db.delete(alerts).where(eq(alerts.orgId, orgId)),
      db.delete(anomalyDetections).where(eq(anomalyDetections.orgId, orgId)),
      db.delete(webhookDeliveries).where(eq(webhookDeliveries.orgId, orgId)),
      db.update(customMetrics).set({ lastValue: null, lastRefreshedAt: null, lastError: null }).where(eq(customMetrics.orgId, orgId)),
    ]);
    return c.json({ deleted: true } satisfies Deleted);
  },
);
