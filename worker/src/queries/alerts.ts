// Alerts of one organization in one database: the filtered, paged list and acknowledging
// (segment-alerts.ts combines an organization's segments).
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type * as v from "valibot";
import { alerts, type AlertRow } from "@promptsentry/schema/tables/alerts";
import type { alertsQuery } from "@promptsentry/schema/requests/alerts";
import type { Db } from "../env";
import { olderThanCursor } from "./keyset";
import { findOwnedOr404, ownedBy } from "./owned";

export type AlertsQuery = v.InferOutput<typeof alertsQuery>;

/** One page, newest first, and how many alerts match the filter across all pages. */
export async function listAlerts(
  db: Db,
  orgId: string,
  { acknowledged, limit, before }: AlertsQuery,
): Promise<{ rows: AlertRow[]; total: number }> {
  const filter = [eq(alerts.orgId, orgId)];
  if (acknowledged) filter.push(eq(alerts.acknowledged, acknowledged === "true"));
  const page = [...filter];
  if (before) page.push(olderThanCursor(alerts, orgId, before));
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(alerts)
      .where(and(...page))
      .orderBy(desc(alerts.createdAt), desc(alerts.id))
      .limit(limit),
    db
      .select({ n: count() })
      .from(alerts)
      .where(and(...filter)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Acknowledging is one-way and idempotent: a second call keeps the first time and person. */
export async function acknowledgeAlert(db: Db, orgId: string, id: string, by: string): Promise<AlertRow> {
  const [updated] = await db
    .update(alerts)
    .set({ acknowledged: true, acknowledgedAt: new Date(), acknowledgedBy: by })
    .where(and(ownedBy(alerts, orgId, id), eq(alerts.acknowledged, false)))
    .returning();
  return updated ?? findOwnedOr404(db, alerts, orgId, id, "Alert");
}

/**
 * Acknowledges those of `ids` that belong to the organization and are still open; the rest (unknown,
 * another organization's, already acknowledged) are skipped alike, so the answer reveals nothing
 * about ids outside the organization. Returns the alerts this call acknowledged.
 */
export async function acknowledgeAlerts(db: Db, orgId: string, ids: string[], by: string): Promise<AlertRow[]> {
  return db
    .update(alerts)
    .set({ acknowledged: true, acknowledgedAt: new Date(), acknowledgedBy: by })
    .where(and(eq(alerts.orgId, orgId), inArray(alerts.id, [...new Set(ids)]), eq(alerts.acknowledged, false)))
    .returning();
}
