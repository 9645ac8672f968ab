// Custom metrics of one organization, kept under the per-organization cap.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { MAX_CUSTOM_METRICS_PER_ORG } from "@promptsentry/schema/constants/metrics";
import { customMetrics, type CustomMetricRow } from "@promptsentry/schema/tables/metrics";
import type { Db } from "../env";
import { deleteOwnedOr404, findOwnedOr404 } from "./owned";

export const listMetrics = (db: Db, orgId: string): Promise<CustomMetricRow[]> =>
  db.select().from(customMetrics).where(eq(customMetrics.orgId, orgId)).orderBy(desc(customMetrics.createdAt), desc(customMetrics.id));

export async function metricCount(db: Db, orgId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(customMetrics).where(eq(customMetrics.orgId, orgId));
  return row.n;
}

/**
 * Inserts `metric` and re-counts in one transaction (a D1 batch): of concurrent creates past the
 * cap, none is kept. Answers the stored row, or null when the cap refused it.
 */
export async function insertMetricUnderCap(
  db: Db,
  metric: typeof customMetrics.$inferInsert & { id: string; orgId: string },
): Promise<CustomMetricRow | null> {
  const [[row], over] = await db.batch([
    db.insert(customMetrics).values(metric).returning(),
    db
      .delete(customMetrics)
      .where(
        and(
          eq(customMetrics.id, metric.id),
          sql`(SELECT count(*) FROM ${customMetrics} WHERE ${customMetrics.orgId} = ${metric.orgId}) > ${MAX_CUSTOM_METRICS_PER_ORG}`,
        ),
      )
      .returning({ id: customMetrics.id }),
  ]);
  return over.length ? null : row;
}

export const findMetric = (db: Db, orgId: string, id: string) => findOwnedOr404(db, customMetrics, orgId, id, "Custom metric");

export const deleteMetric = (db: Db, orgId: string, id: string) => deleteOwnedOr404(db, customMetrics, orgId, id, "Custom metric");
