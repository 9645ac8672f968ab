// Custom metrics of an organization whose logs lie in three segments (test/segment-split.ts): on
// creation, on a refresh and on the schedule, each metric has the value it has over the same logs in
// one database (averages, distinct counts, order statistics, top N and texts included), and the
// intruder sharing the databases never counts in it, nor it in the intruder's.
import { env } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { customMetrics } from "@promptsentry/schema/tables/metrics";
import { awayFromBoundary, call, expectEnvelope, insertLogs, testDb, type TestOrg } from "../../test/helpers";
import { freshPoolEachTest } from "../../test/segment-helpers";
import { DAY, HOUR, INTRUDER, splitAndTwin, todayUtc, variedLogs } from "../../test/segment-split";
import { refreshDueMetrics } from "../schedules/metric-refresh";

freshPoolEachTest();
beforeEach(() => awayFromBoundary(DAY, 20_000), 30_000);

const METRICS = [
  { query: "SELECT count(*) FROM logs" },
  { query: "SELECT count(DISTINCT user_id) FROM logs" },
  // A REAL with no fraction must stay REAL when carried: 1.0 / 2 is 0.5, not 0.
  { query: "SELECT avg(estimated_cost / 2) FROM logs", type: "avg" },
  { query: "SELECT typeof(estimated_cost), count(*) FROM logs GROUP BY 1 ORDER BY 1", visualization: "bar" },
  { query: "SELECT model, avg(latency_ms) FROM logs GROUP BY model ORDER BY model", type: "avg", visualization: "bar" },
  {
    query: "SELECT user_id, sum(estimated_cost) AS c FROM logs WHERE user_id IS NOT NULL GROUP BY user_id ORDER BY c DESC, user_id LIMIT 2",
    type: "sum",
    visualization: "bar",
  },
  {
    query: "SELECT flag_status, count(DISTINCT session_id) FROM logs GROUP BY 1 HAVING count(*) > 10 ORDER BY 2 DESC, 1",
    visualization: "bar",
  },
  { query: "SELECT round(avg(latency_ms), 2) FROM logs WHERE model != 'gpt-4'", type: "avg" },
  { query: "SELECT sum(estimated_cost) / count(*) FROM logs", type: "avg" },
  // An order statistic (the 21st smallest latency): no merge of per-segment results gives it.
  { query: "SELECT latency_ms FROM logs WHERE latency_ms IS NOT NULL ORDER BY latency_ms, id LIMIT 1 OFFSET 20" },
  // Reads text: prompt_logs in every segment.
  { query: "SELECT count(*) FROM logs WHERE prompt LIKE 'alpha%'" },
];

async function setUp() {
  const now = Date.now();
  const old = { createdAt: new Date(todayUtc(now) - 35 * DAY), model: "gpt-4", prompt: "alpha past the window" };
  return splitAndTwin([old, ...variedLogs(20, now)], [todayUtc(now) - 9 * DAY + 12 * HOUR, todayUtc(now) - 2 * DAY + 6 * HOUR]);
}

async function createAll(org: TestOrg) {
  const created = [];
  for (const [i, m] of METRICS.entries()) {
    const res = await call("POST", "/custom-metrics", { key: org.apiKey, body: { name: `m${i}`, ...m } });
    expect(res.status, m.query).toBe(201);
    expect(res.body.lastError, m.query).toBeNull();
    created.push(res.body as { id: string; lastValue: unknown });
  }
  return created;
}

const valuesOf = async (ids: string[]) => {
  const rows = await testDb().select().from(customMetrics).where(inArray(customMetrics.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.lastValue);
};

describe("custom metrics across log segments", () => {
  it("have the value of the same logs in one database when created, refreshed and refreshed on schedule", async () => {
    const { split, twin, bindings } = await setUp();
    const [mine, same] = [await createAll(split), await createAll(twin)];
    expect(mine.map((m) => m.lastValue)).toEqual(same.map((m) => m.lastValue));
    // The window's 80 logs (not the one 35 days old), five distinct user ids ('' is one).
    expect(mine[0].lastValue).toBe(80);
    expect(mine[1].lastValue).toBe(5);
    expect(JSON.stringify(mine)).not.toMatch(/intruder|mallory/);

    // A new log in the newest segment, then a refresh by hand.
    const newest = env[bindings[1] as "SEG_0" | "SEG_1"];
    await newest
      .prepare(
        "INSERT INTO prompt_logs (id, org_id, created_at, model, prompt, response, flag_status, flag_reasons, findings, latency_ms, estimated_cost) VALUES (?, ?, ?, 'gpt-4o', 'alpha new', 'ok', 'safe', '[]', '[]', 1, 3.0)",
      )
      .bind(`new${crypto.randomUUID()}`, split.orgId, Date.now() - 500)
      .run();
    await insertLogs(twin.orgId, [
      { createdAt: new Date(Date.now() - 500), model: "gpt-4o", prompt: "alpha new", latencyMs: 1, estimatedCost: 3 },
    ]);
    for (const [i, m] of mine.entries()) {
      const [a, b] = await Promise.all([
        call("POST", `/custom-metrics/${m.id}/refresh`, { key: split.apiKey }),
        call("POST", `/custom-metrics/${same[i].id}/refresh`, { key: twin.apiKey }),
      ]);
      expect(a.status).toBe(200);
      expect(a.body.lastValue, METRICS[i].query).toEqual(b.body.lastValue);
    }
    expect((await valuesOf([mine[0].id]))[0]).toBe(81);

    // The schedule runs them again on each organization's segments.
    const ids = [...mine, ...same].map((m) => m.id);
    await testDb().update(customMetrics).set({ lastRefreshedAt: null, lastValue: null }).where(inArray(customMetrics.id, ids));
    await refreshDueMetrics(env, testDb(), Date.now(), { limit: 100 });
    const [scheduledMine, scheduledSame] = [await valuesOf(mine.map((m) => m.id)), await valuesOf(same.map((m) => m.id))];
    expect(scheduledMine).toEqual(scheduledSame);
    expect(scheduledMine[0]).toBe(81);
  });

  it("never count the intruder sharing the databases in the split organization's metrics, nor those logs in its own", async () => {
    const { split, intruder } = await setUp();
    const mine = await call("POST", "/custom-metrics", {
      key: split.apiKey,
      body: { name: "models", query: "SELECT model, count(*) FROM logs GROUP BY 1 ORDER BY 1", visualization: "bar" },
    });
    expect(mine.body.lastValue.map((p: { label: string }) => p.label)).toEqual(["claude-3-opus", "gpt-3.5-turbo", "gpt-4", "gpt-4o"]);
    const theirs = await call("POST", "/custom-metrics", {
      key: intruder.apiKey,
      body: { name: "models", query: "SELECT model, count(*) FROM logs GROUP BY 1 ORDER BY 1", visualization: "bar" },
    });
    // Its three logs in the shared home shard; its rows in the pool databases are no segment of its.
    expect(theirs.body.lastValue).toEqual([{ label: INTRUDER.model, value: 3 }]);
    const refreshed = await call("POST", `/custom-metrics/${theirs.body.id}/refresh`, { key: intruder.apiKey });
    expect(refreshed.body.lastValue).toEqual([{ label: INTRUDER.model, value: 3 }]);
    // Neither may refresh the other's metric.
    expect((await call("POST", `/custom-metrics/${mine.body.id}/refresh`, { key: intruder.apiKey })).status).toBe(404);
    const [stored] = await testDb().select().from(customMetrics).where(eq(customMetrics.id, mine.body.id));
    expect(stored.lastValue).toEqual(mine.body.lastValue);
  });

  it("answer a bad query with 400 and store nothing, on the partial path as on the carry path", async () => {
    const { split } = await setUp();
    for (const [query, message] of [
      ["SELECT count(*) FROM api_keys", /Only the logs table/],
      // Plans as an aggregate, then fails in SQLite.
      ["SELECT abs(count(*), 2) FROM logs", /wrong number of arguments to function abs/],
      // Carries rows, then fails in SQLite.
      ["SELECT count(*) FROM logs GROUP BY sum(latency_ms)", /aggregate functions are not allowed in the GROUP BY clause/],
    ] as const) {
      const res = await call("POST", "/custom-metrics", { key: split.apiKey, body: { name: "bad", query } });
      expect(expectEnvelope(res, 400, "validation_failed").issues?.query?.[0], query).toMatch(message);
    }
    const stored = await testDb().select().from(customMetrics).where(eq(customMetrics.orgId, split.orgId));
    expect(stored).toEqual([]);
  });
});
