// Anomaly detections of one organization, as the scheduled detector stored them.
import { desc, eq } from "drizzle-orm";
import { anomalyDetections, type AnomalyRow } from "@promptsentry/schema/tables/alerts";
import type { Db } from "../env";

/** The most recent `limit` detections, newest first. */
export const listAnomalies = (db: Db, orgId: string, limit: number): Promise<AnomalyRow[]> =>
  db
    .select()
    .from(anomalyDetections)
    .where(eq(anomalyDetections.orgId, orgId))
    .orderBy(desc(anomalyDetections.detectedAt), desc(anomalyDetections.id))
    .limit(limit);
