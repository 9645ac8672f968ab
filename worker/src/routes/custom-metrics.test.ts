import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customMetrics } from "../../../schema/tables";
import { call, expectEnvelope, keyWith, registerOrg, testDb, type TestOrg } from "../../test/helpers";

const MIN_REFRESH = "Refresh interval must be at least 60 seconds";

const count = async (orgId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM custom_metrics WHERE org_id = ?").bind(orgId).first<{ n: number }>())!.n;

const stored = async (id: string) => (await testDb().select().from(customMetrics).where(eq(customMetrics.id, id)))[0];

async function createMetric(org: TestOrg, body: Record<string, unknown> = {}) {
  const res = await call("POST", "/custom-metrics", {
    key: org.apiKey,
    body: { name: "Flag rate", query: "SELECT count(*) FROM prompt_logs WHERE flag_status != 'safe'", ...body },
  });
  if (res.status !== 201) throw new Error(`metric create failed: ${res.status} ${res.text}`);
  return res.body;
}

describe("POST /api/custom-metrics", () => {
  it("creates a metric with every field and stores it for the caller's organization", async () => {
    const org = await registerOrg();
    const body = {
      name: "  Avg tokens  ",
      description: "Average tokens per prompt",
      query: "SELECT avg(token_count) FROM prompt_logs",
      type: "avg",
      visualization: "line",
      refreshInterval: 600,
    };
    const res = await call("POST", "/custom-metrics", { key: org.apiKey, body });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: "Avg tokens",
      description: "Average tokens per prompt",
      query: "SELECT avg(token_count) FROM prompt_logs",
      type: "avg",
      visualization: "line",
      refreshInterval: 600,
      isActive: true,
      lastValue: null,
      lastRefreshedAt: null,
      lastError: null,
      createdAt: expect.any(String),
    });
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    expect(await stored(res.body.id)).toMatchObject({ orgId: org.orgId, name: "Avg tokens", type: "avg", visualization: "line", refreshInterval: 600, isActive: true });
  });

  it("defaults refreshInterval to 300, type to count, visualization to number", async () => {
    const org = await registerOrg();
    const res = await call("POST", "/custom-metrics", { key: org.apiKey, body: { name: "Prompts", query: "SELECT count(*) FROM prompt_logs" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ refreshInterval: 300, type: "count", visualization: "number", description: null, isActive: true });
    expect((await stored(res.body.id)).refreshInterval).toBe(300);
    // The form's number input may arrive as text.
    const text = await call("POST", "/custom-metrics", { key: org.apiKey, body: { name: "P2", query: "SELECT 1", refreshInterval: "60" } });
    expect(text.status).toBe(201);
    expect(text.body.refreshInterval).toBe(60);
  });

  it("rejects bad input with the spec's messages and stores nothing", async () => {
    const org = await registerOrg();
    const post = (body: unknown) => call("POST", "/custom-metrics", { key: org.apiKey, body });
    const blank = expectEnvelope(await post({ name: " ", query: "   " }), 400, "validation_failed");
    expect(blank.issues).toEqual({ name: ["Name is required"], query: ["Query is required"] });
    expect(blank.message).toBe("Name is required");
    for (const refreshInterval of [59, 0, -300, "30", 120.5, "abc"]) {
      const error = expectEnvelope(await post({ name: "M", query: "SELECT 1", refreshInterval }), 400, "validation_failed");
      expect(error.issues, String(refreshInterval)).toEqual({ refreshInterval: [MIN_REFRESH] });
    }
    expect(expectEnvelope(await post({ name: "M", query: "SELECT 1", type: "median" }), 400).issues).toEqual({
      type: ["Type must be one of count, avg, sum, percentage"],
    });
    expect(expectEnvelope(await post({ name: "M", query: "SELECT 1", visualization: "table" }), 400).issues).toEqual({
      visualization: ["Visualization must be one of line, bar, pie, number"],
    });
    expect(Object.keys(expectEnvelope(await post({}), 400).issues ?? {}).sort()).toEqual(["name", "query"]);
    expect(await count(org.orgId)).toBe(0);
  });

  it("rejects malformed JSON and a wrong content type with 400", async () => {
    const org = await registerOrg();
    expectEnvelope(await call("POST", "/custom-metrics", { key: org.apiKey, rawBody: "{]", headers: { "content-type": "application/json" } }), 400, "bad_request");
    expectEnvelope(await call("POST", "/custom-metrics", { key: org.apiKey, rawBody: "{}", headers: { "content-type": "text/plain" } }), 400, "invalid_content_type");
    expect(await count(org.orgId)).toBe(0);
  });
});

describe("GET /api/custom-metrics", () => {
  it("lists only the caller's metrics, newest first, to a logs:read key", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    const first = await createMetric(a, { name: "first" });
    const second = await createMetric(a, { name: "second" });
    const foreign = await createMetric(b, { name: "b's" });
    const reader = await keyWith(a, ["logs:read"]);
    const res = await call("GET", "/custom-metrics", { key: reader });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([second, first]);
    expect(res.text).not.toContain(foreign.id);
    expect((await call("GET", "/custom-metrics", { key: b.apiKey })).body.map((m: any) => m.id)).toEqual([foreign.id]);
  });
});

describe("DELETE /api/custom-metrics/:id", () => {
  it("deletes the metric", async () => {
    const org = await registerOrg();
    const gone = await createMetric(org);
    const keep = await createMetric(org, { name: "keep" });
    const res = await call("DELETE", `/custom-metrics/${gone.id}`, { key: org.apiKey });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(await stored(gone.id)).toBeUndefined();
    expect(await stored(keep.id)).toBeDefined();
    expectEnvelope(await call("DELETE", `/custom-metrics/${gone.id}`, { key: org.apiKey }), 404, "not_found");
  });
});

describe("custom metrics: authentication and permissions", () => {
  it("answers 401 without credentials or with an invalid key, and writes nothing", async () => {
    const org = await registerOrg();
    const metric = await createMetric(org);
    for (const key of [undefined, "pk_live_" + "z".repeat(32)]) {
      expectEnvelope(await call("GET", "/custom-metrics", { key }), 401, "unauthorized");
      expectEnvelope(await call("POST", "/custom-metrics", { key, body: { name: "x", query: "SELECT 1" } }), 401, "unauthorized");
      expectEnvelope(await call("DELETE", `/custom-metrics/${metric.id}`, { key }), 401, "unauthorized");
    }
    expect(await count(org.orgId)).toBe(1);
  });

  it("lets logs:read list but not create or delete; refuses a key without logs:read", async () => {
    const org = await registerOrg();
    const metric = await createMetric(org);
    const reader = await keyWith(org, ["logs:read"]);
    expect((await call("GET", "/custom-metrics", { key: reader })).status).toBe(200);
    expectEnvelope(await call("POST", "/custom-metrics", { key: reader, body: { name: "x", query: "SELECT 1" } }), 403, "forbidden");
    expectEnvelope(await call("DELETE", `/custom-metrics/${metric.id}`, { key: reader }), 403, "forbidden");
    const engineer = await keyWith(org, ["logs:read", "logs:write", "alerts:read", "alerts:write", "users:read"]);
    expectEnvelope(await call("POST", "/custom-metrics", { key: engineer, body: { name: "x", query: "SELECT 1" } }), 403, "forbidden");
    expectEnvelope(await call("DELETE", `/custom-metrics/${metric.id}`, { key: engineer }), 403, "forbidden");
    const alertsOnly = await keyWith(org, ["alerts:read"]);
    expectEnvelope(await call("GET", "/custom-metrics", { key: alertsOnly }), 403, "forbidden");
    expect(await count(org.orgId)).toBe(1);
    expect(await stored(metric.id)).toBeDefined();
  });
});

describe("custom metrics: tenancy", () => {
  it("answers 404 to another organization's key for DELETE, leaving the row unchanged", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    const metric = await createMetric(a);
    const before = await stored(metric.id);
    expectEnvelope(await call("DELETE", `/custom-metrics/${metric.id}`, { key: b.apiKey }), 404, "not_found");
    expect(await stored(metric.id)).toEqual(before);
    expect((await call("GET", "/custom-metrics", { key: b.apiKey })).body).toEqual([]);
  });
});
