// Alerts and anomaly detections (docs/delivery.md).
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { organizations } from "./organizations";
import { createdAt } from "./columns";

export const alerts = sqliteTable(
  "alerts",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    severity: text("severity").notNull(),
    message: text("message").notNull(),
    /** Flag reason or anomaly metric the alert is about; part of the burst-grouping key. */
    reason: text("reason").notNull().default(""),
    /** Start of the grouping window (ms); a burst of the same type and reason inside it bumps `count`. */
    windowStart: integer("window_start").notNull().default(0),
    count: integer("count").notNull().default(1),
    logId: text("log_id"),
    createdAt: createdAt(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
    acknowledged: integer("acknowledged", { mode: "boolean" }).notNull().default(false),
    acknowledgedAt: integer("acknowledged_at", { mode: "timestamp_ms" }),
    acknowledgedBy: text("acknowledged_by"),
  },
  (t) => [
    index("alerts_org_ack_created").on(t.orgId, t.acknowledged, t.createdAt),
    index("alerts_org_created").on(t.orgId, t.createdAt),
    uniqueIndex("alerts_group").on(t.orgId, t.type, t.reason, t.windowStart),
  ],
);

export const anomalyDetections = sqliteTable(
  "anomaly_detections",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    metricName: text("metric_name").notNull(),
    currentValue: real("current_value").notNull(),
    threshold: real("threshold").notNull(),
    baseline: real("baseline"),
    severity: text("severity", { enum: ["low", "medium", "high", "critical"] }).notNull(),
    status: text("status", { enum: ["open", "resolved"] })
      .notNull()
      .default("open"),
    detectedAt: createdAt(),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("anomaly_detections_org_detected").on(t.orgId, t.detectedAt),
    index("anomaly_detections_org_metric_status").on(t.orgId, t.metricName, t.status),
  ],
);
export type AlertRow = typeof alerts.$inferSelect;
export type AnomalyRow = typeof anomalyDetections.$inferSelect;
