import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customMetrics } from "@promptsentry/schema/tables/metrics";
import { dataDb, insertLogs, registerOrg, testDb } from "../../test/helpers";
import { runCron } from "../../test/schedule-helpers";
import { newId } from "../lib/ids";
import { computeMetricValue } from "../metrics/run";
import { overBudgetMessage, refreshDueMetrics } from "./metric-refresh";

const MINUTE = 60_000;
const stored = async (id: string) => (await testDb().select().from(customMetrics).where(eq(customMetrics.id, id)))[0];

async function insertMetric(orgId: string, values: Partial<typeof customMetrics.$inferInsert>) {
  const [row] = await testDb()
    .insert(customMetrics)
    .values({ id: newId(), orgId, name: "m", query: "SELECT count(*) FROM logs", type: "count", visualization: "number", ...values })
    .returning();
  return row;
}

describe("scheduled custom metric refresh", () => {
  it("refreshes active metrics whose interval has passed, through the every-minute cron", async () => {
    const now = Date.now();
    const org = await registerOrg();
    await insertLogs(org.orgId, [{}, {}, { flagStatus: "critical" }]);
    const due = await insertMetric(org.orgId, { refreshInterval: 300, lastValue: 0, lastRefreshedAt: new Date(now - 6 * MINUTE) });
    const never = await insertMetric(org.orgId, {
      visualization: "bar",
      query: "SELECT flag_status, count(*) FROM logs GROUP BY 1 ORDER BY 1",
    });
    const fresh = await insertMetric(org.orgId, { refreshInterval: 300, lastValue: 0, lastRefreshedAt: new Date(now - 2 * MINUTE) });
    const inactive = await insertMetric(org.orgId, { isActive: false, lastRefreshedAt: null });
    const broken = await insertMetric(org.orgId, {
      query: "SELECT * FROM sqlite_master",
      lastValue: 7,
      lastRefreshedAt: new Date(now - 10 * MINUTE),
    });

    await runCron("* * * * *", now);

    expect(await stored(due.id)).toMatchObject({ lastValue: 3, lastError: null, lastRefreshedAt: new Date(now) });
    expect((await stored(never.id)).lastValue).toEqual([
      { label: "critical", value: 1 },
      { label: "safe", value: 2 },
    ]);
    expect(await stored(fresh.id)).toMatchObject({ lastValue: 0, lastRefreshedAt: fresh.lastRefreshedAt });
    expect(await stored(inactive.id)).toMatchObject({ lastValue: null, lastRefreshedAt: null });
    expect(await stored(broken.id)).toMatchObject({
      lastValue: 7,
      lastError: "Only the logs table can be queried (found sqlite_master)",
      lastRefreshedAt: new Date(now),
    });

    // A minute later nothing is due; at the metric's interval it is again.
    const again = await refreshDueMetrics(env, testDb(), now + MINUTE);
    expect(again.refreshed).toBe(0);
    expect((await refreshDueMetrics(env, testDb(), now + 5 * MINUTE)).refreshed).toBeGreaterThanOrEqual(3);
  });

  it("refreshes a bounded number per run, oldest first", async () => {
    const now = Date.now() + 60 * MINUTE;
    const org = await registerOrg();
    const metrics: (typeof customMetrics.$inferSelect)[] = [];
    for (let i = 0; i < 5; i++)
      metrics.push(await insertMetric(org.orgId, { refreshInterval: 60, lastRefreshedAt: new Date(now - (1_000 + i) * MINUTE) }));
    const first = await refreshDueMetrics(env, testDb(), now, { limit: 2 });
    expect(first.refreshed).toBe(2);
    const refreshed = async () => (await Promise.all(metrics.map((m) => stored(m.id)))).map((m) => m.lastRefreshedAt?.getTime() === now);
    expect(await refreshed()).toEqual([false, false, false, true, true]);
    await refreshDueMetrics(env, testDb(), now, { limit: 2 });
    await refreshDueMetrics(env, testDb(), now, { limit: 2 });
    expect(await refreshed()).toEqual([true, true, true, true, true]);
  });

  it("gives each organization a time budget per run: a slow organization's other metrics wait, the next organization still refreshes", async () => {
    const now = Date.now();
    const slowOrg = await registerOrg();
    const nextOrg = await registerOrg();
    // Accepted by the policy (4× growth, the most it allows) yet slow over big prompts.
    await insertLogs(
      slowOrg.orgId,
      Array.from({ length: 20 }, () => ({ prompt: "a".repeat(200_000) })),
    );
    await insertLogs(nextOrg.orgId, [{}, {}]);
    const slowQuery = "SELECT count(*) FROM logs WHERE replace(prompt, 'a', 'aaaa') LIKE '%b%'";
    const timed = Date.now();
    expect(
      await computeMetricValue(
        await dataDb(slowOrg.orgId),
        slowOrg.orgId,
        { query: slowQuery, type: "count", visualization: "number" },
        now,
      ),
    ).toBe(0);
    const budgetMs = Math.max(1, Math.floor((Date.now() - timed) / 4));

    const at = (minutes: number) => ({ refreshInterval: 300, lastValue: 7, lastRefreshedAt: new Date(now - minutes * MINUTE) });
    const slow = await insertMetric(slowOrg.orgId, { ...at(30), query: slowQuery });
    const waiting = [await insertMetric(slowOrg.orgId, at(20)), await insertMetric(slowOrg.orgId, at(15))];
    const other = await insertMetric(nextOrg.orgId, at(10));

    expect(await refreshDueMetrics(env, testDb(), now, { budgetMs })).toEqual({ refreshed: 2, failed: 0, overBudget: 2 });
    expect(await stored(slow.id)).toMatchObject({ lastValue: 0, lastError: null, lastRefreshedAt: new Date(now) });
    for (const metric of waiting) {
      // Not run: the last value and refresh time stay (still due), and the reason is recorded.
      expect(await stored(metric.id)).toMatchObject({
        lastValue: 7,
        lastError: overBudgetMessage(budgetMs),
        lastRefreshedAt: metric.lastRefreshedAt,
      });
    }
    expect(await stored(other.id)).toMatchObject({ lastValue: 2, lastError: null, lastRefreshedAt: new Date(now) });

    // The next run starts with the metrics that waited.
    expect(await refreshDueMetrics(env, testDb(), now + MINUTE)).toEqual({ refreshed: 2, failed: 0, overBudget: 0 });
    for (const metric of waiting) expect(await stored(metric.id)).toMatchObject({ lastValue: 20, lastError: null });
  });
});
