// Carrying older segments' rows into one metric statement: split over many parameters it computes
// what one database computes, and past its limits it fails with the reason instead of running.
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { awayFromBoundary, dataDb, shardD1, testDb } from "../../test/helpers";
import { countIn, freshPoolEachTest } from "../../test/segment-helpers";
import { DAY, HOUR, splitAndTwin, todayUtc, variedLogs } from "../../test/segment-split";
import { segmentsOf } from "../tenancy/segments";
import { runMetricSql } from "./run";
import { prepareMetricQuery } from "./sandbox";
import { CARRY_LIMITS, runMetricSqlIn } from "./segment-run";

freshPoolEachTest();
beforeEach(() => awayFromBoundary(DAY, 20_000), 30_000);

async function setUp() {
  const now = Date.now();
  const orgs = await splitAndTwin(variedLogs(20, now), [todayUtc(now) - 9 * DAY + 12 * HOUR, todayUtc(now) - 2 * DAY + 6 * HOUR]);
  return { ...orgs, now, segments: await segmentsOf(env, testDb(), orgs.split.orgId, 0) };
}

describe("runMetricSqlIn", () => {
  it("computes over rows carried in many parameters what one database computes", async () => {
    const { split, twin, now, segments } = await setUp();
    const small = { ...CARRY_LIMITS, chunkChars: 1_000 };
    for (const text of [
      // Reading logs through a CTE keeps a query on the carry path (partials.test.ts covers the merged aggregates).
      "WITH w AS (SELECT * FROM logs) SELECT count(*), sum(estimated_cost), count(DISTINCT user_id), max(created_at) - min(created_at) FROM w",
      "WITH w AS (SELECT * FROM logs) SELECT flag_status, count(*), sum(length(prompt)), min(prompt), max(latency_ms) FROM w GROUP BY 1 ORDER BY 1",
    ]) {
      const query = prepareMetricQuery(text);
      const carried = await runMetricSqlIn(segments, split.orgId, query, now, small);
      expect(carried, text).toEqual(await runMetricSql(await dataDb(twin.orgId), twin.orgId, query, now));
    }
  });

  it("runs on the segment holding most of the window, carrying only the others' rows", async () => {
    const { split, twin, bindings, now, segments } = await setUp();
    const query = prepareMetricQuery("WITH w AS (SELECT * FROM logs) SELECT count(*), avg(latency_ms) FROM w");
    const home = await countIn(shardD1(0), split.orgId);
    const others = (await countIn(env[bindings[0] as "SEG_0"], split.orgId)) + (await countIn(env[bindings[1] as "SEG_1"], split.orgId));
    // The home segment holds the window's first eleven days and more logs than the two newer ones.
    expect(home).toBeGreaterThan(others);
    const carried = await runMetricSqlIn(segments, split.orgId, query, now, { ...CARRY_LIMITS, rows: others });
    expect(carried).toEqual(await runMetricSql(await dataDb(twin.orgId), twin.orgId, query, now));
  });

  it("refuses to carry more rows or characters than its limits, with the reason", async () => {
    const { split, now, segments } = await setUp();
    const query = prepareMetricQuery("WITH w AS (SELECT * FROM logs) SELECT count(*) FROM w");
    await expect(runMetricSqlIn(segments, split.orgId, query, now, { ...CARRY_LIMITS, rows: 10 })).rejects.toThrow(
      /span several log segments.*10 logs/,
    );
    await expect(runMetricSqlIn(segments, split.orgId, query, now, { ...CARRY_LIMITS, chars: 2_000 })).rejects.toThrow(
      /span several log segments/,
    );
    // The newest segment's own rows are never carried: a window inside it has no limit to meet.
    const later = now + 29 * DAY;
    const inNewest = await runMetricSqlIn(segments, split.orgId, query, later, { ...CARRY_LIMITS, rows: 0 });
    expect(inNewest).toEqual(await runMetricSql(segments[2].db, split.orgId, query, later));
    expect(inNewest.rows[0][0]).toBeGreaterThan(0);
  });
});
