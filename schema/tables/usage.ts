// Counters kept by triggers on every stored log: the analytics and the anomaly detector read them instead of
// the logs (docs/data.md).
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { organizations } from "./organizations";

/** Per-day, per-model counters maintained by a trigger on every stored log (never decremented by retention). */
export const dailyUsage = sqliteTable(
  "daily_usage",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    model: text("model").notNull(),
    total: integer("total").notNull().default(0),
    safe: integer("safe").notNull().default(0),
    warning: integer("warning").notNull().default(0),
    critical: integer("critical").notNull().default(0),
    tokens: integer("tokens").notNull().default(0),
    cost: real("cost").notNull().default(0),
    latencySum: integer("latency_sum").notNull().default(0),
    latencyCount: integer("latency_count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.day, t.model] })],
);

/** Distinct users seen per day, so "active users" over a range is a small COUNT(DISTINCT) over this table. */
export const dailyActiveUsers = sqliteTable(
  "daily_active_users",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    userId: text("user_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.day, t.userId] })],
);

/**
 * Per-hour counters maintained by a trigger on every stored log: the anomaly detector's baseline
 * (the last full hour against the week before it) without scanning logs, and independent of retention.
 * Only the detector reads it; the retention job prunes it to a few weeks.
 */
export const hourlyUsage = sqliteTable(
  "hourly_usage",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Start of the hour, epoch ms. */
    hour: integer("hour").notNull(),
    total: integer("total").notNull().default(0),
    /** Logs flagged warning or critical. */
    flagged: integer("flagged").notNull().default(0),
    tokens: integer("tokens").notNull().default(0),
    cost: real("cost").notNull().default(0),
    /** When the detector evaluated this hour for this organization, so each of its runs picks up where the last stopped. */
    anomalyCheckedAt: integer("anomaly_checked_at"),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.hour] }), index("hourly_usage_hour").on(t.hour, t.anomalyCheckedAt)],
);
