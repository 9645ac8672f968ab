// Anomaly detection of an organization whose hourly counters span three segments: the week is summed
// over the segments overlapping it (an hour cut by a rollover included), so it is judged exactly as
// the same counters in one database; detections stay on the home shard, the alert goes to the
// segment holding its time, and another organization on the same home shard is judged on its own.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { alerts, anomalyDetections } from "@promptsentry/schema/tables/alerts";
import { hourlyUsage } from "@promptsentry/schema/tables/usage";
import { call, placeOnShard, registerOrg, testDb } from "../../test/helpers";
import { freshPoolEachTest } from "../../test/segment-helpers";
import { createDb } from "../tenancy/db";
import { forgetSegments, markDropped, openNextSegment } from "../tenancy/segments";
import { detectAnomalies } from "./anomalies";
import { HOURLY_USAGE_KEEP_DAYS, purgeExpired } from "./retention";
import { HOUR_MS } from "./anomaly-math";

freshPoolEachTest();

/** Hours no other test judges. */
const hour = Date.UTC(2031, 5, 1, 11);
const runAt = (minutes = 2) => hour + HOUR_MS + minutes * 60_000;

type Counters = { total: number; flagged: number; tokens: number; cost: number };
/** 35 and 45 prompts in alternate hours (mean 40), 2 flagged, 100 tokens and 1 cent a prompt. */
const steady = (h: number): Counters => {
  const total = (h / HOUR_MS) % 2 ? 45 : 35;
  return { total, flagged: 2, tokens: total * 100, cost: total };
};

async function seed(d1: D1Database, orgId: string, rows: [number, Counters][]) {
  const values = rows.map(([h, c]) => ({ orgId, hour: h, ...c }));
  for (let i = 0; i < values.length; i += 14)
    await createDb(d1)
      .insert(hourlyUsage)
      .values(values.slice(i, i + 14));
}
/** The baseline week's hours in [from, to). */
const hours = (from: number, to: number) =>
  Array.from({ length: (to - from) / HOUR_MS }, (_, i): [number, Counters] => [from + i * HOUR_MS, steady(from + i * HOUR_MS)]);
const week = hour - 168 * HOUR_MS;
const dayBefore = hour - 24 * HOUR_MS;

const detections = async (orgId: string) =>
  (
    await createDb(env.DATA_0)
      .select()
      .from(anomalyDetections)
      .where(eq(anomalyDetections.orgId, orgId))
      .orderBy(anomalyDetections.metricName)
  ).map((a) => [a.metricName, a.severity, a.status, a.currentValue, a.baseline, a.threshold]);
const anomalyAlertsIn = async (d1: D1Database, orgId: string) =>
  (
    await createDb(d1)
      .select()
      .from(alerts)
      .where(and(eq(alerts.orgId, orgId), eq(alerts.type, "anomaly")))
      .orderBy(alerts.reason)
  ).map((a) => [a.reason, a.severity, a.message]);

describe("anomaly detection across segments", () => {
  it("judges an organization in three segments as the same counters in one database, and alone", async () => {
    const [victim, single, bystander] = [await registerOrg(), await registerOrg(), await registerOrg()];
    for (const org of [victim, single, bystander]) await placeOnShard(org.orgId, 0);
    // Segment 1 (SEG_0) from a day before the judged hour, segment 2 (SEG_1) from its middle.
    expect((await openNextSegment(env, testDb(), victim.orgId, dayBefore, 0))?.db).toBe("SEG_0");
    expect((await openNextSegment(env, testDb(), victim.orgId, hour + HOUR_MS / 2, 0))?.db).toBe("SEG_1");
    forgetSegments();
    // 80 prompts in the judged hour: 40 before the rollover, 40 after it.
    const half: Counters = { total: 40, flagged: 2, tokens: 4_000, cost: 40 };
    await seed(env.DATA_0, victim.orgId, hours(week, dayBefore));
    await seed(env.SEG_0, victim.orgId, [...hours(dayBefore, hour), [hour, half]]);
    await seed(env.SEG_1, victim.orgId, [[hour, half]]);
    await seed(env.DATA_0, single.orgId, [...hours(week, hour), [hour, { total: 80, flagged: 4, tokens: 8_000, cost: 80 }]]);
    // Steady on its own, though the victim's spike is in the same home shard.
    await seed(env.DATA_0, bystander.orgId, [...hours(week, hour), [hour, { total: 45, flagged: 2, tokens: 4_500, cost: 45 }]]);

    const report = await detectAnomalies(env, testDb(), runAt());
    expect(report.opened).toBe(6);
    const expected = await detections(single.orgId);
    expect(expected.map(([metric, severity]) => [metric, severity])).toEqual([
      ["Cost", "medium"],
      ["Prompt volume", "high"],
      ["Token usage", "medium"],
    ]);
    expect(await detections(victim.orgId)).toEqual(expected);
    expect(await detections(bystander.orgId)).toEqual([]);

    // The alerts: in the segment holding the run's time, listed through the API like the others.
    expect(await anomalyAlertsIn(env.SEG_1, victim.orgId)).toEqual(await anomalyAlertsIn(env.DATA_0, single.orgId));
    expect(await anomalyAlertsIn(env.DATA_0, victim.orgId)).toEqual([]);
    const listed = (await call("GET", "/alerts", { key: victim.apiKey })).body;
    expect(listed.map((a: { reason: string }) => a.reason).sort()).toEqual(["Cost", "Prompt volume", "Token usage"]);
    expect((await call("GET", "/anomaly-detections", { key: victim.apiKey })).body).toHaveLength(3);
    expect((await call("GET", "/anomaly-detections", { key: bystander.apiKey })).body).toEqual([]);
    expect((await call("GET", "/alerts", { key: bystander.apiKey })).body).toEqual([]);

    // Both halves of the hour are marked scored, so later runs open nothing.
    for (const d1 of [env.SEG_0, env.SEG_1]) {
      const row = await d1
        .prepare("SELECT anomaly_checked_at AS at FROM hourly_usage WHERE org_id = ? AND hour = ?")
        .bind(victim.orgId, hour)
        .first("at");
      expect(row).toBe(runAt());
    }
    expect((await detectAnomalies(env, testDb(), runAt(7))).opened).toBe(0);
    expect(await detections(victim.orgId)).toEqual(expected);
  });

  it("reads no counters of a dropped segment", async () => {
    const org = await registerOrg();
    await placeOnShard(org.orgId, 0);
    // Segment 1 (SEG_0) holds the baseline week, segment 2 (SEG_1) the judged hour's spike.
    await openNextSegment(env, testDb(), org.orgId, week, 0);
    await openNextSegment(env, testDb(), org.orgId, hour, 0);
    await seed(env.SEG_0, org.orgId, hours(week, hour));
    await seed(env.SEG_1, org.orgId, [[hour, { total: 80, flagged: 4, tokens: 8_000, cost: 80 }]]);
    // Dropped but not yet emptied: its rows are still in the file, and reading them would score the hour.
    await markDropped(testDb(), org.orgId, 1, hour);
    const report = await detectAnomalies(env, testDb(), runAt());
    expect(report.organizations).toBeGreaterThanOrEqual(1);
    expect(await detections(org.orgId)).toEqual([]);
    expect(await env.SEG_1.prepare("SELECT anomaly_checked_at AS at FROM hourly_usage WHERE org_id = ?").bind(org.orgId).first("at")).toBe(
      runAt(),
    );
  });

  it("trims hourly counters past two weeks in live pool segments too", async () => {
    const org = await registerOrg();
    await placeOnShard(org.orgId, 0);
    const now = Date.now();
    const thisHour = Math.floor(now / HOUR_MS) * HOUR_MS;
    await openNextSegment(env, testDb(), org.orgId, now - 20 * 24 * HOUR_MS, 0);
    const [old, recent] = [thisHour - (HOURLY_USAGE_KEEP_DAYS + 1) * 24 * HOUR_MS, thisHour - 24 * HOUR_MS];
    await seed(env.SEG_0, org.orgId, [
      [old, steady(old)],
      [recent, steady(recent)],
    ]);
    expect((await purgeExpired(env, testDb(), now)).hourlyUsage).toBeGreaterThanOrEqual(1);
    const left = await env.SEG_0.prepare("SELECT hour FROM hourly_usage WHERE org_id = ?").bind(org.orgId).all<{ hour: number }>();
    expect(left.results.map((r) => r.hour)).toEqual([recent]);
  });
});
