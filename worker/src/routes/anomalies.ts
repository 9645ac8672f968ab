// Anomaly detections found by the scheduled detector (spec §7, DESIGN §7).
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { orgOf, requirePermission } from "../middleware/auth";
import { listAnomalies } from "../queries/anomalies";
import { serializeAnomaly } from "../serialize";

const ANOMALIES_SHOWN = 100;

export const anomalyRoutes = new Hono<AppEnv>().get("/", requirePermission("alerts:read"), async (c) => {
  const rows = await listAnomalies(c.var.db, orgOf(c), ANOMALIES_SHOWN);
  return c.json(rows.map(serializeAnomaly));
});
