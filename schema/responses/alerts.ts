// Alerts (grouped bursts of flagged logs, and anomalies) and anomaly detections.
import * as v from "valibot";
import { ANOMALY_SEVERITIES } from "../constants/alerts";
import { id, nullableNumber, nullableString, optionalTimestamp, timestamp } from "./common";

export const alertSchema = v.object({
  id,
  /** `red_flag` or `anomaly`. */
  type: v.string(),
  /** `high`, `medium` or `low`. */
  severity: v.string(),
  message: v.string(),
  /** Flag reason or anomaly metric the alert is about. */
  reason: nullableString,
  /** Logs grouped into this alert within its window. */
  count: v.number(),
  /** The log that opened it, for red flags. */
  logId: nullableString,
  createdAt: timestamp,
  /** When the burst last grew (null until it does). */
  lastSeenAt: optionalTimestamp,
  acknowledged: v.boolean(),
  acknowledgedAt: optionalTimestamp,
});
export type Alert = v.InferOutput<typeof alertSchema>;

export const anomalySchema = v.object({
  id,
  metricName: v.string(),
  currentValue: v.number(),
  threshold: v.number(),
  baseline: nullableNumber,
  severity: v.picklist(ANOMALY_SEVERITIES),
  status: v.picklist(["open", "resolved"]),
  detectedAt: timestamp,
  resolvedAt: optionalTimestamp,
});
export type Anomaly = v.InferOutput<typeof anomalySchema>;
