// Aggregate metrics over an organization in three segments (test/segment-split.ts) merge per-segment
// partial aggregates: exactly the value of the same logs in one database, types included, whatever
// the carry limit; other queries still carry rows and keep its limit.
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { awayFromBoundary, dataDb, testDb } from "../../test/helpers";
import { freshPoolEachTest } from "../../test/segment-helpers";
import { DAY, HOUR, splitAndTwin, todayUtc, variedLogs } from "../../test/segment-split";
import { segmentsOf } from "../tenancy/segments";
import { planPartials } from "./partials-plan";
import { PARTIAL_LIMITS } from "./partials-run";
import { runMetricSql } from "./run";
import { prepareMetricQuery } from "./sandbox";
import { CARRY_LIMITS, runMetricSqlIn } from "./segment-run";

freshPoolEachTest();
beforeEach(() => awayFromBoundary(DAY, 20_000), 30_000);

const NO_CARRY = { ...CARRY_LIMITS, rows: 0, chars: 0 };

const AGGREGATES = [
  "SELECT count(*), count(user_id), count(DISTINCT user_id), sum(token_count), total(latency_ms), min(created_at), max(model), avg(latency_ms) FROM logs",
  "SELECT typeof(count(*)), typeof(sum(token_count)), typeof(total(token_count)), typeof(avg(token_count)), typeof(sum(estimated_cost)), typeof(min(estimated_cost)) FROM logs",
  "SELECT sum(estimated_cost) / count(*), round(avg(latency_ms), 2), avg(token_count), sum(token_count) / count(token_count) FROM logs WHERE flag_status != 'safe'",
  "SELECT model, count(*) AS n, sum(estimated_cost), avg(latency_ms) FROM logs GROUP BY model ORDER BY n DESC, model",
  "SELECT flag_status, count(DISTINCT session_id), min(latency_ms), max(token_count) FROM logs GROUP BY 1 HAVING count(*) > 10 ORDER BY 1",
  "SELECT user_id, sum(estimated_cost) AS c FROM logs WHERE user_id IS NOT NULL GROUP BY user_id ORDER BY c DESC, user_id LIMIT 2",
  // Every aggregate over nothing but NULLs, and over no rows at all.
  "SELECT sum(latency_ms), typeof(sum(latency_ms)), total(latency_ms), avg(latency_ms), count(latency_ms), min(latency_ms), count(DISTINCT latency_ms) FROM logs WHERE latency_ms IS NULL",
  "SELECT count(*), sum(token_count), typeof(total(token_count)), max(model) FROM logs WHERE model = 'no-such-model'",
  "SELECT model, count(*) FROM logs WHERE model = 'no-such-model' GROUP BY model",
  "SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS day, count(*), sum(token_count) / count(token_count) FROM logs GROUP BY day ORDER BY day",
  "SELECT typeof(estimated_cost), count(*), sum(estimated_cost), typeof(sum(estimated_cost)) FROM logs GROUP BY 1 ORDER BY 1",
  "SELECT model, count(*) FROM logs GROUP BY model HAVING avg(latency_ms) > 80 ORDER BY count(*) DESC, model LIMIT 3 OFFSET 1",
  "SELECT l.model, max(l.latency_ms) - min(l.latency_ms) FROM logs AS l GROUP BY l.model ORDER BY 2, 1",
  "SELECT count(DISTINCT token_count), count(DISTINCT estimated_cost) * 1.5, count(DISTINCT model) + count(DISTINCT user_id) FROM logs",
  "SELECT flag_status FROM logs GROUP BY flag_status ORDER BY flag_status DESC",
  "SELECT count(DISTINCT user_id) FROM logs",
  "SELECT model, count(DISTINCT user_id) FROM logs WHERE latency_ms > 60 GROUP BY model",
  "SELECT 100.0 * sum(flag_status = 'critical') / count(*) FROM logs",
  "SELECT user_id, count(DISTINCT session_id), 2 / avg(latency_ms) FROM logs GROUP BY user_id ORDER BY user_id",
  // Reals with no short decimal form and integers past 2^53 cross segments exactly.
  "SELECT max(estimated_cost / 3), min(estimated_cost / 7), CAST(sum(created_at * 1000) AS TEXT), CAST(max(created_at * 1000003) AS TEXT) FROM logs",
  "SELECT upper(model) AS m, count(*) FROM logs WHERE prompt LIKE 'alpha%' GROUP BY model HAVING m != 'GPT-4' ORDER BY m",
];

/** Queries no merge of per-segment aggregates answers: they carry rows. */
const ROW_QUERIES = [
  // An order statistic (the 21st smallest latency).
  "SELECT latency_ms FROM logs WHERE latency_ms IS NOT NULL ORDER BY latency_ms, id LIMIT 1 OFFSET 20",
  "WITH t AS (SELECT model, count(*) AS n FROM logs GROUP BY model) SELECT max(n) FROM t",
  "SELECT DISTINCT model FROM logs ORDER BY model",
];

async function setUp() {
  const now = Date.now();
  const orgs = await splitAndTwin(variedLogs(20, now), [todayUtc(now) - 9 * DAY + 12 * HOUR, todayUtc(now) - 2 * DAY + 6 * HOUR]);
  const segments = await segmentsOf(env, testDb(), orgs.split.orgId, 0);
  const twin = async (text: string) => runMetricSql(await dataDb(orgs.twin.orgId), orgs.twin.orgId, prepareMetricQuery(text), now);
  return { ...orgs, now, segments, twin };
}

describe("aggregate metrics across segments", () => {
  it("merge partial aggregates into exactly the one-database value, carrying no logs", async () => {
    const { split, now, segments, twin } = await setUp();
    expect(segments).toHaveLength(3);
    for (const text of AGGREGATES) {
      const query = prepareMetricQuery(text);
      expect(planPartials(query.ast), text).toBeDefined();
      const merged = await runMetricSqlIn(segments, split.orgId, query, now, NO_CARRY);
      expect(merged, text).toEqual(await twin(text));
    }
    // Not vacuous: the window's 80 logs, none of the intruder's.
    const [[count]] = (await runMetricSqlIn(segments, split.orgId, prepareMetricQuery(AGGREGATES[0]), now, NO_CARRY)).rows;
    expect(count).toBe(80);
  });

  it("still carry rows for other queries, within the carry limit", async () => {
    const { split, now, segments, twin } = await setUp();
    for (const text of ROW_QUERIES) {
      const query = prepareMetricQuery(text);
      expect(planPartials(query.ast), text).toBeUndefined();
      expect(await runMetricSqlIn(segments, split.orgId, query, now), text).toEqual(await twin(text));
      await expect(runMetricSqlIn(segments, split.orgId, query, now, NO_CARRY), text).rejects.toThrow(/span several log segments/);
    }
  });

  it("carry rows when the partials are too many, and fail with both reasons past both limits", async () => {
    const { split, now, segments, twin } = await setUp();
    const text = "SELECT count(DISTINCT id), count(*) FROM logs";
    const query = prepareMetricQuery(text);
    const few = { ...PARTIAL_LIMITS, rows: 10 };
    expect(await runMetricSqlIn(segments, split.orgId, query, now, CARRY_LIMITS, few)).toEqual(await twin(text));
    await expect(runMetricSqlIn(segments, split.orgId, query, now, { ...CARRY_LIMITS, rows: 10 }, few)).rejects.toThrow(
      /span several log segments.*10 logs.*groups and distinct values are more than 10/,
    );
  });

  it("keep SQLite's error for a query that plans but cannot run", async () => {
    const { split, now, segments } = await setUp();
    const query = prepareMetricQuery("SELECT abs(count(*), 2) FROM logs");
    expect(planPartials(query.ast)).toBeDefined();
    await expect(runMetricSqlIn(segments, split.orgId, query, now)).rejects.toThrow(/wrong number of arguments to function abs/);
    // Too many logs to carry as well: SQLite's reason, not the carry limit.
    await expect(runMetricSqlIn(segments, split.orgId, query, now, NO_CARRY)).rejects.toThrow(
      /^The query failed: wrong number of arguments/,
    );
    const inPartial = prepareMetricQuery("SELECT count(*) FROM logs WHERE abs(latency_ms, 1) > 0");
    expect(planPartials(inPartial.ast)).toBeDefined();
    await expect(runMetricSqlIn(segments, split.orgId, inPartial, now, NO_CARRY)).rejects.toThrow(
      /^The query failed: wrong number of arguments to function abs\(\)$/,
    );
  });
});
