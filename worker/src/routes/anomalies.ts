import { Hono } from "hono";
import { anomalySchema } from "@promptsentry/schema/responses";
import type { AppEnv } from "../env";
import { orgOf } from "../middleware/auth";
import { guard, list } from "../middleware/guard";
import { listAnomalies } from "../queries/anomalies";
import { serializeAnomaly } from "../serialize";

const ANOMALIES_SHOWN = 100;

export const anomalyRoutes = new Hono<AppEnv>().get(
  "/",
  ...guard("alerts:read", { summary: "Detected anomalies, newest first", tag: "Alerts", answers: list(anomalySchema) }),
  async (c) => {
    const rows = await listAnomalies(c.var.data, orgOf(c), ANOMALIES_SHOWN);
    return c.json(rows.map(serializeAnomaly));
  },
);
