import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { alerts, anomalyDetections } from "@promptsentry/schema/tables/alerts";
import { hourlyUsage } from "@promptsentry/schema/tables/usage";
import { call, dataDb, orgShard, placeOnShard, registerOrg, testDb } from "../../test/helpers";
import { bulkInsertLogs, runCron } from "../../test/schedule-helpers";
import { detectAnomalies } from "./anomalies";
import { HOUR_MS } from "./anomaly-math";
import { env } from "cloudflare:test";

type Counters = { total: number; flagged?: number; tokens?: number; cost?: number };

/** Each test judges its own hour far from the others, so runs never score another test's data. */
const judgedHourOf = (test: number) => Date.UTC(2030, 0, 1 + test * 20, 11);
const runAt = (hour: number, minutes = 2) => hour + HOUR_MS + minutes * 60_000;

/** Writes hourly counters directly: hours [hour - hours, hour) from `baseline`, and `hour` itself from `current`. */
async function seedHours(orgId: string, hour: number, hours: number, baseline: (i: number) => Counters, current?: Counters) {
  const rows = Array.from({ length: hours }, (_, i) => ({ hour: hour - (hours - i) * HOUR_MS, ...baseline(i) }));
  if (current) rows.push({ hour, ...current });
  const values = rows.map((r) => ({
    orgId,
    hour: r.hour,
    total: r.total,
    flagged: r.flagged ?? 0,
    tokens: r.tokens ?? 0,
    cost: r.cost ?? 0,
  }));
  const db = await dataDb(orgId);
  for (let i = 0; i < values.length; i += 14) await db.insert(hourlyUsage).values(values.slice(i, i + 14));
}

/** 35 and 45 prompts in alternate hours (mean 40, σ 5), 2 flagged, 100 tokens and 1 cent a prompt. */
const steady = (i: number): Counters => {
  const total = i % 2 ? 45 : 35;
  return { total, flagged: 2, tokens: total * 100, cost: total };
};

const anomaliesOf = async (orgId: string) =>
  (await dataDb(orgId)).select().from(anomalyDetections).where(eq(anomalyDetections.orgId, orgId)).orderBy(anomalyDetections.metricName);
const anomalyAlertsOf = async (orgId: string) =>
  (await dataDb(orgId))
    .select()
    .from(alerts)
    .where(and(eq(alerts.orgId, orgId), eq(alerts.type, "anomaly")))
    .orderBy(alerts.reason);

describe("anomaly detection", () => {
  it("finds nothing in steady traffic", async () => {
    const hour = judgedHourOf(1);
    const org = await registerOrg();
    await seedHours(org.orgId, hour, 168, steady, { total: 45, flagged: 3, tokens: 4500, cost: 45 });
    const report = await detectAnomalies(env, testDb(), runAt(hour));
    expect(report).toMatchObject({ hour, opened: 0 });
    expect(report.organizations).toBeGreaterThanOrEqual(1);
    expect(await anomaliesOf(org.orgId)).toEqual([]);
    expect(await anomalyAlertsOf(org.orgId)).toEqual([]);
  });

  it("flags a volume spike once with severities by deviation, then resolves it when traffic is back to normal", async () => {
    const hour = judgedHourOf(2);
    const org = await registerOrg();
    // 80 prompts: volume z = 40 / max(5, √40) = 6.3 (high); tokens and cost z = 4 (medium); flag rate unchanged.
    await seedHours(org.orgId, hour, 168, steady, { total: 80, flagged: 4, tokens: 8_000, cost: 80 });
    const first = await detectAnomalies(env, testDb(), runAt(hour));
    expect(first.opened).toBe(3);

    const rows = await anomaliesOf(org.orgId);
    expect(rows.map((r) => [r.metricName, r.severity, r.status])).toEqual([
      ["Cost", "medium", "open"],
      ["Prompt volume", "high", "open"],
      ["Token usage", "medium", "open"],
    ]);
    const volume = rows.find((r) => r.metricName === "Prompt volume")!;
    expect(volume.currentValue).toBe(80);
    expect(volume.baseline).toBe(40);
    expect(volume.threshold).toBeCloseTo(40 + 3 * Math.sqrt(40), 6);
    expect(volume.detectedAt.getTime()).toBe(runAt(hour));

    const alertRows = await anomalyAlertsOf(org.orgId);
    expect(alertRows.map((a) => [a.reason, a.severity, a.message])).toEqual([
      ["Cost", "medium", "Cost $0.80/h is 4.0σ above the usual $0.40/h"],
      ["Prompt volume", "high", "Prompt volume 80/h is 6.3σ above the usual 40/h"],
      ["Token usage", "medium", "Token usage 8,000 tokens/h is 4.0σ above the usual 4,000 tokens/h"],
    ]);
    expect(alertRows.every((a) => a.windowStart === hour && a.acknowledged === false)).toBe(true);

    // Later runs in the same hour, and the next hour while still high: nothing new.
    await detectAnomalies(env, testDb(), runAt(hour, 7));
    await detectAnomalies(env, testDb(), runAt(hour, 12));
    await seedHours(org.orgId, hour + HOUR_MS, 0, steady, { total: 90, flagged: 4, tokens: 9_000, cost: 90 });
    expect((await detectAnomalies(env, testDb(), runAt(hour + HOUR_MS))).opened).toBe(0);
    expect(await anomaliesOf(org.orgId)).toHaveLength(3);
    expect(await anomalyAlertsOf(org.orgId)).toHaveLength(3);

    // Back to normal: every open anomaly is resolved.
    const calm = hour + 2 * HOUR_MS;
    await seedHours(org.orgId, calm, 0, steady, { total: 40, flagged: 2, tokens: 4_000, cost: 40 });
    const after = await detectAnomalies(env, testDb(), runAt(calm));
    expect(after.resolved).toBe(3);
    const resolved = await anomaliesOf(org.orgId);
    expect(resolved.map((r) => r.status)).toEqual(["resolved", "resolved", "resolved"]);
    expect(resolved.every((r) => r.resolvedAt?.getTime() === runAt(calm))).toBe(true);

    // A new spike opens a new anomaly.
    const again = hour + 3 * HOUR_MS;
    await seedHours(org.orgId, again, 0, steady, { total: 120, flagged: 2, tokens: 4_000, cost: 40 });
    expect((await detectAnomalies(env, testDb(), runAt(again))).opened).toBe(1);
    const reopened = (await anomaliesOf(org.orgId)).filter((r) => r.status === "open");
    expect(reopened.map((r) => [r.metricName, r.severity])).toEqual([["Prompt volume", "critical"]]);
  });

  it("flags a flag-rate jump at steady volume as critical, alerting with high severity", async () => {
    const hour = judgedHourOf(3);
    const org = await registerOrg();
    await seedHours(org.orgId, hour, 168, steady, { total: 40, flagged: 40, tokens: 4_000, cost: 40 });
    await detectAnomalies(env, testDb(), runAt(hour));
    const [row] = await anomaliesOf(org.orgId);
    expect(row).toMatchObject({ metricName: "Flag rate", severity: "critical", status: "open", currentValue: 100 });
    const [alert] = await anomalyAlertsOf(org.orgId);
    expect(alert).toMatchObject({ reason: "Flag rate", severity: "high" });
    expect(alert.message).toMatch(/^Flag rate 100\.0% is 1\d\.\dσ above the usual 5\.1%$/);

    // The organization goes quiet: with nothing above threshold the anomaly resolves.
    await detectAnomalies(env, testDb(), runAt(hour + HOUR_MS));
    expect((await anomaliesOf(org.orgId)).map((r) => r.status)).toEqual(["resolved"]);
  });

  it("leaves tiny organizations and organizations without enough history alone", async () => {
    const hour = judgedHourOf(4);
    const tiny = await registerOrg();
    // One prompt an hour, then 15: a 14σ jump, but too few prompts to mean anything.
    await seedHours(tiny.orgId, hour, 168, () => ({ total: 1, tokens: 100, cost: 1 }), { total: 15, flagged: 15, tokens: 1_500, cost: 15 });
    const young = await registerOrg();
    // A day of history only.
    await seedHours(young.orgId, hour, 24, steady, { total: 400, flagged: 200, tokens: 40_000, cost: 400 });
    const sparse = await registerOrg();
    // Three days of history but only 60 prompts in it.
    await seedHours(sparse.orgId, hour, 72, (i) => ({ total: i % 6 === 0 ? 5 : 0 }), { total: 300 });
    await detectAnomalies(env, testDb(), runAt(hour));
    for (const org of [tiny, young, sparse]) {
      expect(await anomaliesOf(org.orgId)).toEqual([]);
      expect(await anomalyAlertsOf(org.orgId)).toEqual([]);
    }
  });

  it("scores each organization's hour once, then picks up the rest on later runs", async () => {
    const hour = judgedHourOf(5);
    const orgs = [await registerOrg(), await registerOrg(), await registerOrg()];
    // One shard: the run's cap is per shard (each shard is scored in turn).
    const shard = await orgShard(orgs[0].orgId);
    for (const org of orgs.slice(1)) await placeOnShard(org.orgId, shard);
    for (const org of orgs) await seedHours(org.orgId, hour, 48, steady, { total: 40 });
    const checked = async () => {
      const rows = await (await dataDb(orgs[0].orgId)).select().from(hourlyUsage).where(eq(hourlyUsage.hour, hour));
      return rows.filter((r) => orgs.some((o) => o.orgId === r.orgId) && r.anomalyCheckedAt !== null).map((r) => r.anomalyCheckedAt);
    };
    await detectAnomalies(env, testDb(), runAt(hour), { maxOrganizations: 2 });
    expect(await checked()).toEqual([runAt(hour), runAt(hour)]);
    await detectAnomalies(env, testDb(), runAt(hour, 7), { maxOrganizations: 2 });
    expect((await checked()).sort()).toEqual([runAt(hour), runAt(hour), runAt(hour, 7)]);
    // Scored hours are not scored again.
    await detectAnomalies(env, testDb(), runAt(hour, 12), { maxOrganizations: 2 });
    expect((await checked()).sort()).toEqual([runAt(hour), runAt(hour), runAt(hour, 7)]);
  });

  it("works end to end: logs feed the hourly counters and the 5-minute cron opens an anomaly visible in the API", async () => {
    const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - HOUR_MS;
    const org = await registerOrg();
    for (let h = 72; h >= 1; h--)
      await bulkInsertLogs(org.orgId, {
        count: 30,
        createdAt: hour - h * HOUR_MS,
        spreadMs: HOUR_MS - 1,
        tokenCount: 200,
        estimatedCost: 0.5,
      });
    await bulkInsertLogs(org.orgId, { count: 300, createdAt: hour, spreadMs: HOUR_MS - 1, tokenCount: 200, estimatedCost: 0.5 });
    const [counters] = await (await dataDb(org.orgId))
      .select()
      .from(hourlyUsage)
      .where(and(eq(hourlyUsage.orgId, org.orgId), eq(hourlyUsage.hour, hour)));
    expect(counters).toMatchObject({ total: 300, flagged: 0, tokens: 60_000, cost: 150 });

    await runCron("*/5 * * * *", hour + HOUR_MS + 60_000);
    const listed = (await call("GET", "/anomaly-detections", { key: org.apiKey })).body;
    expect(listed.map((a: any) => [a.metricName, a.severity, a.status])).toEqual(
      expect.arrayContaining([
        ["Prompt volume", "critical", "open"],
        ["Token usage", "critical", "open"],
        ["Cost", "critical", "open"],
      ]),
    );
    expect(listed).toHaveLength(3);
    const feed = (await call("GET", "/alerts?acknowledged=false", { key: org.apiKey })).body;
    expect(feed.find((a: any) => a.reason === "Prompt volume")).toMatchObject({
      type: "anomaly",
      severity: "high",
      message: "Prompt volume 300/h is 49.3σ above the usual 30/h",
    });
  });
});
