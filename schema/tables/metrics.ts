// Custom metrics (docs/custom-metric-sql.md).
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { organizations } from "./organizations";
import { createdAt } from "./columns";

export const customMetrics = sqliteTable(
  "custom_metrics",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    query: text("query").notNull(),
    type: text("type", { enum: ["count", "avg", "sum", "percentage"] }).notNull(),
    visualization: text("visualization", { enum: ["line", "bar", "pie", "number"] }).notNull(),
    refreshInterval: integer("refresh_interval").notNull().default(300),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    lastValue: text("last_value", { mode: "json" }).$type<unknown>(),
    lastRefreshedAt: integer("last_refreshed_at", { mode: "timestamp_ms" }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("custom_metrics_org_created").on(t.orgId, t.createdAt)],
);
export type CustomMetricRow = typeof customMetrics.$inferSelect;
