// Scheduled custom-metric refresh (docs/delivery.md, docs/data.md): active metrics whose refreshInterval has passed,
// oldest first, a bounded number per run (the cron fires every minute, so a backlog drains quickly).
// Each organization gets a time budget per run (docs/custom-metric-sql.md#bounded-cost): once its metrics have used it,
// its remaining metrics are not started this run, and the next organization still gets its turn.
// A running D1 query cannot be cancelled from the Worker, so one query's cost is bounded by the SQL
// policy (metrics/sql-policy.ts) and the budget is checked between queries.
import { and, asc, eq, sql } from "drizzle-orm";
import { METRIC_REFRESH_BUDGET_MS } from "@promptsentry/schema/constants/metrics";
import { customMetrics, type CustomMetricRow } from "@promptsentry/schema/tables/metrics";
import { organizations } from "@promptsentry/schema/tables/organizations";
import type { Bindings, Db } from "../env";
import { refreshMetric } from "../metrics/segment-run";
import { type Segment, segmentsOf } from "../tenancy/segments";

/** Cron ticks are minute-aligned but a refresh is stamped when it ran: a little slack keeps a 60 s metric on a 60 s cadence. */
const SLACK_MS = 5_000;

export const overBudgetMessage = (budgetMs: number) =>
  `Not refreshed: this organization's metrics used their ${budgetMs / 1000} s refresh budget; it is retried first at the next run`;

type RefreshOptions = { limit?: number; budgetMs?: number };

/** Due metrics of every organization (control database), each run on its organization's log segments. */
export async function refreshDueMetrics(env: Bindings, db: Db, now: number, options: RefreshOptions = {}) {
  const due = await db
    .select({ metric: customMetrics, shard: organizations.shard })
    .from(customMetrics)
    .innerJoin(organizations, eq(organizations.id, customMetrics.orgId))
    .where(
      and(
        eq(customMetrics.isActive, true),
        sql`(${customMetrics.lastRefreshedAt} IS NULL OR ${customMetrics.lastRefreshedAt} + ${customMetrics.refreshInterval} * 1000 <= ${now + SLACK_MS})`,
      ),
    )
    .orderBy(sql`${customMetrics.lastRefreshedAt} IS NOT NULL`, asc(customMetrics.lastRefreshedAt))
    .limit(options.limit ?? 25);
  const byOrg = new Map<string, { shard: number; metrics: CustomMetricRow[] }>();
  for (const { metric, shard } of due) {
    const org = byOrg.get(metric.orgId) ?? { shard, metrics: [] };
    org.metrics.push(metric);
    byOrg.set(metric.orgId, org);
  }
  const total = { refreshed: 0, failed: 0, overBudget: 0 };
  for (const [orgId, { shard, metrics }] of byOrg) {
    const dbs = { db, segments: await segmentsOf(env, db, orgId, shard) };
    const result = await refreshOrgMetrics(dbs, metrics, now, options.budgetMs ?? METRIC_REFRESH_BUDGET_MS);
    total.refreshed += result.refreshed;
    total.failed += result.failed;
    total.overBudget += result.overBudget;
  }
  return total;
}

/**
 * One organization's due metrics, in order, until its budget is used. Those not started keep their
 * last value and refresh time (so they stay due and sort first next run) and record why.
 */
async function refreshOrgMetrics(dbs: { db: Db; segments: readonly Segment[] }, metrics: CustomMetricRow[], now: number, budgetMs: number) {
  const { db } = dbs;
  const started = Date.now();
  const result = { refreshed: 0, failed: 0, overBudget: 0 };
  for (const metric of metrics) {
    if (Date.now() - started >= budgetMs) {
      await db
        .update(customMetrics)
        .set({ lastError: overBudgetMessage(budgetMs) })
        .where(and(eq(customMetrics.orgId, metric.orgId), eq(customMetrics.id, metric.id)));
      result.overBudget++;
      continue;
    }
    const row = await refreshMetric(dbs, metric, now);
    result.refreshed++;
    if (row.lastError) result.failed++;
  }
  return result;
}
