import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MAX_CUSTOM_METRICS_PER_ORG } from "@promptsentry/schema/constants/metrics";
import { customMetrics } from "@promptsentry/schema/tables/metrics";
import { api, call, expectEnvelope, insertLogs, keyWith, read, registerOrg, testDb, type TestOrg } from "../../test/helpers";

const MIN_REFRESH = "Refresh interval must be at least 60 seconds";

const count = async (orgId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM custom_metrics WHERE org_id = ?").bind(orgId).first<{ n: number }>())!.n;

const stored = async (id: string) => (await testDb().select().from(customMetrics).where(eq(customMetrics.id, id)))[0];

async function createMetric(org: TestOrg, body: Record<string, unknown> = {}) {
  const res = await call("POST", "/custom-metrics", {
    key: org.apiKey,
    body: { name: "Flagged", query: "SELECT count(*) FROM logs WHERE flag_status != 'safe'", ...body },
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
      query: "SELECT avg(token_count) FROM logs",
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
      query: "SELECT avg(token_count) FROM logs",
      type: "avg",
      visualization: "line",
      refreshInterval: 600,
      isActive: true,
      // avg over no logs: one row holding NULL, drawn as one empty point.
      lastValue: [{ label: "1", value: null }],
      lastRefreshedAt: res.body.createdAt,
      lastError: null,
      createdAt: expect.any(String),
    });
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    expect(await stored(res.body.id)).toMatchObject({
      orgId: org.orgId,
      name: "Avg tokens",
      type: "avg",
      visualization: "line",
      refreshInterval: 600,
      isActive: true,
    });
  });

  it("defaults refreshInterval to 300, type to count, visualization to number", async () => {
    const org = await registerOrg();
    const res = await read(api(org)["custom-metrics"].$post({ json: { name: "Prompts", query: "SELECT count(*) FROM logs" } }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ refreshInterval: 300, type: "count", visualization: "number", description: null, isActive: true });
    expect((await stored(res.body.id)).refreshInterval).toBe(300);
    // The form's number input may arrive as text.
    const text = await read(api(org)["custom-metrics"].$post({ json: { name: "P2", query: "SELECT 1", refreshInterval: "60" } }));
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
    expectEnvelope(
      await call("POST", "/custom-metrics", { key: org.apiKey, rawBody: "{]", headers: { "content-type": "application/json" } }),
      400,
      "bad_request",
    );
    expectEnvelope(
      await call("POST", "/custom-metrics", { key: org.apiKey, rawBody: "{}", headers: { "content-type": "text/plain" } }),
      400,
      "invalid_content_type",
    );
    expect(await count(org.orgId)).toBe(0);
  });
});

describe("POST /api/custom-metrics: at most MAX_CUSTOM_METRICS_PER_ORG per organization (bounded cost)", () => {
  it("answers 409 limit_reached at the cap, stores nothing, and keeps other organizations free", async () => {
    const org = await registerOrg();
    const other = await registerOrg();
    const rows = Array.from({ length: MAX_CUSTOM_METRICS_PER_ORG - 1 }, (_, i) => ({
      id: `cap-${org.orgId}-${i}`,
      orgId: org.orgId,
      name: `m${i}`,
      query: "SELECT 1",
      type: "count" as const,
      visualization: "number" as const,
    }));
    // D1 binds at most 100 parameters per statement.
    for (let i = 0; i < rows.length; i += 10)
      await testDb()
        .insert(customMetrics)
        .values(rows.slice(i, i + 10));
    // Three at once with one place left: the insert and the re-count share a transaction, so one wins.
    const racing = await Promise.all(
      [1, 2, 3].map((i) =>
        call("POST", "/custom-metrics", { key: org.apiKey, body: { name: `race ${i}`, query: "SELECT count(*) FROM logs" } }),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await count(org.orgId)).toBe(MAX_CUSTOM_METRICS_PER_ORG);
    const error = expectEnvelope(
      await read(api(org)["custom-metrics"].$post({ json: { name: "one more", query: "SELECT 1" } })),
      409,
      "limit_reached",
    );
    expect(error.message).toBe(`An organization can have at most ${MAX_CUSTOM_METRICS_PER_ORG} custom metrics; delete one to add another`);
    expect(await count(org.orgId)).toBe(MAX_CUSTOM_METRICS_PER_ORG);
    await createMetric(other);
    // Deleting one makes room again.
    expect((await read(api(org)["custom-metrics"][":id"].$delete({ param: { id: `cap-${org.orgId}-0` } }))).status).toBe(204);
    await createMetric(org);
    expect(await count(org.orgId)).toBe(MAX_CUSTOM_METRICS_PER_ORG);
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
    const res = await read(api({ key: reader })["custom-metrics"].$get());
    expect(res.status).toBe(200);
    expect(res.body).toEqual([second, first]);
    expect(res.text).not.toContain(foreign.id);
    expect((await read(api(b)["custom-metrics"].$get())).body.map((m) => m.id)).toEqual([foreign.id]);
  });
});

describe("DELETE /api/custom-metrics/:id", () => {
  it("deletes the metric", async () => {
    const org = await registerOrg();
    const gone = await createMetric(org);
    const keep = await createMetric(org, { name: "keep" });
    const res = await read(api(org)["custom-metrics"][":id"].$delete({ param: { id: gone.id } }));
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(await stored(gone.id)).toBeUndefined();
    expect(await stored(keep.id)).toBeDefined();
    expectEnvelope(await read(api(org)["custom-metrics"][":id"].$delete({ param: { id: gone.id } })), 404, "not_found");
  });
});

describe("custom metrics: authentication and permissions", () => {
  it("answers 401 without credentials or with an invalid key, and writes nothing", async () => {
    const org = await registerOrg();
    const metric = await createMetric(org);
    for (const key of [undefined, `pk_live_${"z".repeat(32)}`]) {
      expectEnvelope(await read(api({ key })["custom-metrics"].$get()), 401, "unauthorized");
      expectEnvelope(await call("POST", "/custom-metrics", { key, body: { name: "x", query: "SELECT 1" } }), 401, "unauthorized");
      expectEnvelope(await read(api({ key })["custom-metrics"][":id"].$delete({ param: { id: metric.id } })), 401, "unauthorized");
    }
    expect(await count(org.orgId)).toBe(1);
  });

  it("lets logs:read list but not create or delete; refuses a key without logs:read", async () => {
    const org = await registerOrg();
    const metric = await createMetric(org);
    const reader = await keyWith(org, ["logs:read"]);
    expect((await read(api({ key: reader })["custom-metrics"].$get())).status).toBe(200);
    expectEnvelope(await read(api({ key: reader })["custom-metrics"].$post({ json: { name: "x", query: "SELECT 1" } })), 403, "forbidden");
    expectEnvelope(await read(api({ key: reader })["custom-metrics"][":id"].$delete({ param: { id: metric.id } })), 403, "forbidden");
    const engineer = await keyWith(org, ["logs:read", "logs:write", "alerts:read", "alerts:write", "users:read"]);
    expectEnvelope(
      await read(api({ key: engineer })["custom-metrics"].$post({ json: { name: "x", query: "SELECT 1" } })),
      403,
      "forbidden",
    );
    expectEnvelope(await read(api({ key: engineer })["custom-metrics"][":id"].$delete({ param: { id: metric.id } })), 403, "forbidden");
    const alertsOnly = await keyWith(org, ["alerts:read"]);
    expectEnvelope(await read(api({ key: alertsOnly })["custom-metrics"].$get()), 403, "forbidden");
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
    expectEnvelope(await read(api(b)["custom-metrics"][":id"].$delete({ param: { id: metric.id } })), 404, "not_found");
    expect(await stored(metric.id)).toEqual(before);
    expect((await read(api(b)["custom-metrics"].$get())).body).toEqual([]);
  });
});

describe("custom metrics: the SQL sandbox at create time", () => {
  it("computes and stores the first value on create", async () => {
    const org = await registerOrg();
    await insertLogs(org.orgId, [
      { flagStatus: "critical" },
      { flagStatus: "critical" },
      { flagStatus: "safe" },
      { flagStatus: "warning" },
    ]);
    const critical = await createMetric(org, { name: "Critical", query: "SELECT count(*) FROM logs WHERE flag_status = 'critical'" });
    expect(critical).toMatchObject({ lastValue: 2, lastError: null });
    expect(Date.parse(critical.lastRefreshedAt)).toBeGreaterThan(Date.now() - 60_000);
    const pct = await createMetric(org, {
      name: "Flagged %",
      type: "percentage",
      query: "SELECT 100.0 * sum(flag_status <> 'safe') / count(*) FROM logs",
    });
    expect(pct.lastValue).toBe(75);
    expect((await stored(pct.id)).lastValue).toBe(75);
  });

  it.each([
    ["SELECT * FROM api_keys", "Only the logs table can be queried (found api_keys)"],
    ["SELECT * FROM prompt_logs", "Only the logs table can be queried (found prompt_logs)"],
    ["SELECT * FROM sqlite_master", "Only the logs table can be queried (found sqlite_master)"],
    [
      "SELECT * FROM pragma_table_info('api_keys')",
      "Only the logs table can be queried (found the table-valued function pragma_table_info)",
    ],
    ["PRAGMA table_info(api_keys)", "Only SELECT queries are allowed (found PRAGMA)"],
    ["ATTACH DATABASE 'x.db' AS x", "Only SELECT queries are allowed (found ATTACH)"],
    ["SELECT 1; DELETE FROM logs", "Only one statement is allowed"],
    ["SELECT 1 /* */; DROP TABLE x -- ", "Only one statement is allowed"],
    [
      "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c",
      "Recursive CTEs (WITH RECURSIVE) are not allowed",
    ],
    ["SELECT count(*) FROM logs a, logs b", "Joins are not allowed: a metric reads logs once (use GROUP BY, CASE and aggregates instead)"],
    ["SELECT randomblob(100000000)", "Function randomblob is not allowed"],
    ["SELECT count(*) FROM logs WHERE flag_statu = 'critical'", expect.stringMatching(/^Unknown column flag_statu; logs has id, /)],
    ["SELECT abs(1, 2) FROM logs", expect.stringMatching(/^The query failed: wrong number of arguments to function abs\(\)/)],
    ["SELECT count(*) FROM logs WHERE", "Syntax error at line 1, column 32 (unexpected end of query)"],
    ["SELECT count(*)\nFROM logs GROUP model", expect.stringMatching(/^Syntax error at line 2, column \d+ near "m"$/)],
  ])("refuses %s with 400 under issues.query and stores nothing", async (query, message) => {
    const org = await registerOrg();
    const error = expectEnvelope(await read(api(org)["custom-metrics"].$post({ json: { name: "Bad", query } })), 400, "validation_failed");
    expect(error.message).toEqual(message);
    expect(error.issues).toEqual({ query: [message] });
    expect(await count(org.orgId)).toBe(0);
  });

  it("never shows another organization's rows in a stored value", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    const marker = `B-ONLY-${crypto.randomUUID()}`;
    await insertLogs(a.orgId, [{ prompt: "a's own prompt" }]);
    await insertLogs(b.orgId, [{ prompt: marker }, { prompt: marker }]);
    const metric = await createMetric(a, {
      name: "Prompts",
      visualization: "bar",
      query: "SELECT prompt, count(*) FROM logs GROUP BY prompt",
    });
    expect(metric.lastValue).toEqual([{ label: "a's own prompt", value: 1 }]);
    const refreshed = await read(api(a)["custom-metrics"][":id"].refresh.$post({ param: { id: metric.id } }));
    expect(refreshed.text).not.toContain(marker);
    expect((await read(api(a)["custom-metrics"].$get())).text).not.toContain(marker);
  });
});

describe("POST /api/custom-metrics/:id/refresh", () => {
  it("recomputes the value now and answers the metric", async () => {
    const org = await registerOrg();
    const metric = await createMetric(org, { name: "Critical", query: "SELECT count(*) FROM logs WHERE flag_status = 'critical'" });
    expect(metric.lastValue).toBe(0);
    await insertLogs(org.orgId, [{ flagStatus: "critical" }, { flagStatus: "critical" }, { flagStatus: "critical" }]);
    await new Promise((r) => setTimeout(r, 5));
    const res = await read(api(org)["custom-metrics"][":id"].refresh.$post({ param: { id: metric.id } }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: metric.id, lastValue: 3, lastError: null });
    expect(Date.parse(res.body.lastRefreshedAt ?? "")).toBeGreaterThan(Date.parse(metric.lastRefreshedAt));
    expect((await stored(metric.id)).lastValue).toBe(3);
  });

  it("records the error of a query that no longer passes the sandbox, keeping the last good value", async () => {
    const org = await registerOrg();
    const metric = await createMetric(org, { query: "SELECT count(*) FROM logs" });
    // A query stored before the sandbox existed (or written behind the API's back).
    await testDb().update(customMetrics).set({ query: "SELECT key_hash FROM api_keys" }).where(eq(customMetrics.id, metric.id));
    const res = await read(api(org)["custom-metrics"][":id"].refresh.$post({ param: { id: metric.id } }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lastValue: 0, lastError: "Only the logs table can be queried (found api_keys)" });
    expect(res.text).not.toMatch(/key_hash"?:|[0-9a-f]{64}/);
  });

  it("answers 401 without credentials, 403 without admin, 404 for unknown and foreign ids", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    const metric = await createMetric(a);
    const before = await stored(metric.id);
    expectEnvelope(await read(api()["custom-metrics"][":id"].refresh.$post({ param: { id: metric.id } })), 401, "unauthorized");
    expectEnvelope(await call("POST", `/custom-metrics/${metric.id}/refresh`, { key: `pk_live_${"r".repeat(32)}` }), 401, "unauthorized");
    const reader = await keyWith(a, ["logs:read"]);
    expectEnvelope(await read(api({ key: reader })["custom-metrics"][":id"].refresh.$post({ param: { id: metric.id } })), 403, "forbidden");
    const missing = expectEnvelope(
      await read(api(b)["custom-metrics"][":id"].refresh.$post({ param: { id: "no-such-metric" } })),
      404,
      "not_found",
    );
    const foreign = expectEnvelope(
      await read(api(b)["custom-metrics"][":id"].refresh.$post({ param: { id: metric.id } })),
      404,
      "not_found",
    );
    expect(foreign.message).toBe(missing.message);
    expect(await stored(metric.id)).toEqual(before);
  });
});
