import { describe, expect, it } from "vitest";
import { anomalyDetections } from "@promptsentry/schema/tables/alerts";
import { api, call, expectEnvelope, keyWith, read, registerOrg, dataDb } from "../../test/helpers";
import { idAt } from "../lib/ids";

type AnomalyInsert = typeof anomalyDetections.$inferInsert;

async function insertAnomalies(orgId: string, rows: Partial<AnomalyInsert>[]) {
  const full = rows.map((r, i) => {
    const detectedAt = r.detectedAt ?? new Date(Date.now() - i * 60_000);
    return {
      id: idAt(detectedAt.getTime()),
      orgId,
      metricName: "flag_rate",
      currentValue: 0.4,
      threshold: 0.2,
      baseline: 0.05,
      severity: "high" as const,
      status: "open" as const,
      detectedAt,
      ...r,
    };
  });
  for (let i = 0; i < full.length; i += 8) await (await dataDb(orgId)).insert(anomalyDetections).values(full.slice(i, i + 8));
  return full;
}

describe("GET /api/anomaly-detections", () => {
  it("lists the caller's anomalies newest first, in the API shape", async () => {
    const org = await registerOrg();
    const t = Date.now();
    const [older, newest, middle] = await insertAnomalies(org.orgId, [
      { metricName: "volume", currentValue: 900, threshold: 300, baseline: 120, severity: "critical", detectedAt: new Date(t - 3_600_000) },
      { metricName: "cost", currentValue: 12.5, threshold: 5, baseline: null, severity: "low", detectedAt: new Date(t - 1_000) },
      {
        metricName: "tokens",
        currentValue: 40000,
        threshold: 20000,
        severity: "medium",
        status: "resolved",
        detectedAt: new Date(t - 600_000),
        resolvedAt: new Date(t - 60_000),
      },
    ]);
    const res = await read(api(org)["anomaly-detections"].$get());
    expect(res.status).toBe(200);
    expect(res.body.map((a) => a.id)).toEqual([newest.id, middle.id, older.id]);
    expect(res.body[0]).toEqual({
      id: newest.id,
      metricName: "cost",
      currentValue: 12.5,
      threshold: 5,
      baseline: null,
      severity: "low",
      status: "open",
      detectedAt: newest.detectedAt.toISOString(),
      resolvedAt: null,
    });
    expect(res.body[1]).toMatchObject({ status: "resolved", resolvedAt: middle.resolvedAt!.toISOString(), severity: "medium" });
    expect(res.body[2]).toMatchObject({ metricName: "volume", currentValue: 900, threshold: 300, baseline: 120, severity: "critical" });
  });

  it("answers an empty list for an organization with no anomalies", async () => {
    const org = await registerOrg();
    const res = await read(api(org)["anomaly-detections"].$get());
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("never includes another organization's anomalies", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    const [mine] = await insertAnomalies(a.orgId, [{ metricName: "volume" }]);
    const [theirs] = await insertAnomalies(b.orgId, [{ metricName: "volume", detectedAt: new Date(Date.now() + 1_000) }]);
    const res = await read(api(a)["anomaly-detections"].$get());
    expect(res.body.map((x) => x.id)).toEqual([mine.id]);
    expect(res.text).not.toContain(theirs.id);
    expect((await read(api(b)["anomaly-detections"].$get())).body.map((x) => x.id)).toEqual([theirs.id]);
  });

  it("answers at most 100, the newest", async () => {
    const org = await registerOrg();
    const t = Date.now();
    const rows = await insertAnomalies(
      org.orgId,
      Array.from({ length: 105 }, (_, i) => ({ detectedAt: new Date(t - i * 1_000) })),
    );
    const res = await read(api(org)["anomaly-detections"].$get());
    expect(res.body).toHaveLength(100);
    expect(res.body.map((a) => a.id)).toEqual(rows.slice(0, 100).map((r) => r.id));
  });

  it("needs alerts:read: 401 without credentials or with an invalid key, 403 without the permission", async () => {
    const org = await registerOrg();
    await insertAnomalies(org.orgId, [{}]);
    expectEnvelope(await read(api()["anomaly-detections"].$get()), 401, "unauthorized");
    expectEnvelope(await call("GET", "/anomaly-detections", { key: `pk_live_${"q".repeat(32)}` }), 401, "unauthorized");
    const logsOnly = await keyWith(org, ["logs:read", "logs:write"]);
    expectEnvelope(await read(api({ key: logsOnly })["anomaly-detections"].$get()), 403, "forbidden");
    const alerts = await keyWith(org, ["alerts:read"]);
    const ok = await read(api({ key: alerts })["anomaly-detections"].$get());
    expect(ok.status).toBe(200);
    expect(ok.body).toHaveLength(1);
    expect((await read(api({ cookie: org.cookie })["anomaly-detections"].$get())).body).toHaveLength(1);
  });
});
