// Scheduled custom-metric refresh (DESIGN §7, §8): active metrics whose refreshInterval has passed,
// oldest first, a bounded number per run (the cron fires every minute, so a backlog drains quickly).
import { and, asc, eq, sql } from "drizzle-orm";
import { customMetrics } from "../../../schema/tables";
import type { Db } from "../env";
import { refreshMetric } from "../metrics/run";

/** Cron ticks are minute-aligned but a refresh is stamped when it ran: a little slack keeps a 60 s metric on a 60 s cadence. */
const SLACK_MS = 5_000;

export async function refreshDueMetrics(db: Db, now: number, options: { limit?: number } = {}) {
  const due = await db
    .select()
    .from(customMetrics)
    .where(
      and(
        eq(customMetrics.isActive, true),
        sql`(${customMetrics.lastRefreshedAt} IS NULL OR ${customMetrics.lastRefreshedAt} + ${customMetrics.refreshInterval} * 1000 <= ${now + SLACK_MS})`,
      ),
    )
    .orderBy(sql`${customMetrics.lastRefreshedAt} IS NOT NULL`, asc(customMetrics.lastRefreshedAt))
    .limit(options.limit ?? 25);
  let failed = 0;
  for (const metric of due) {
    const row = await refreshMetric(db, metric, now);
    if (row.lastError) failed++;
  }
  return { refreshed: due.length, failed };
}
