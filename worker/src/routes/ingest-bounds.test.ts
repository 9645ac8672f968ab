// docs/api.md#errors: input that used to be stored and then broke (a 500 after the write, or sums poisoned
// by one absurd number) is refused with a 400 envelope, and nothing is written.
import { describe, expect, it } from "vitest";
import { MAX_ESTIMATED_COST_CENTS, MAX_LATENCY_MS, MAX_TOKEN_COUNT, METADATA_LIMITS } from "@promptsentry/schema/constants/ingestion";
import { call, dataD1, expectEnvelope, registerOrg, type TestOrg } from "../../test/helpers";

const good = { prompt: "Summarize the memo", response: "Done", model: "gpt-4" };

async function rowCounts(orgId: string) {
  const tables = ["prompt_logs", "daily_usage", "alerts"];
  const data = await dataD1(orgId);
  const counts = await Promise.all(
    tables.map((t) => data.prepare(`SELECT count(*) AS n FROM ${t} WHERE org_id = ?`).bind(orgId).first<{ n: number }>()),
  );
  return Object.fromEntries(tables.map((t, i) => [t, counts[i]?.n ?? 0]));
}

/** Sends `body` raw to `path`; expects a 400 envelope naming `field`, and no row of any kind for the org. */
async function refusedWithoutWrite(org: TestOrg, path: string, rawBody: string, field: string) {
  const res = await call("POST", path, { key: org.apiKey, rawBody, headers: { "content-type": "application/json" } });
  const error = expectEnvelope(res, 400, "validation_failed");
  expect(Object.keys(error.issues ?? {})).toContain(field);
  expect(await rowCounts(org.orgId)).toEqual({ prompt_logs: 0, daily_usage: 0, alerts: 0 });
  return error;
}

const nested = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${"}".repeat(levels - 1)}`;
const withMetadata = (json: string) => `${JSON.stringify(good).slice(0, -1)},"metadata":${json}}`;

describe("numbers of a log", () => {
  it("refuses tokenCount 1e308 (stored and summed before) and leaves the aggregates alone", async () => {
    const org = await registerOrg();
    await refusedWithoutWrite(org, "/logs", JSON.stringify({ ...good, tokenCount: 1e308 }), "tokenCount");
    const costs = await call("GET", "/cost-tracking", { key: org.apiKey });
    expect(costs.text).not.toContain("e+308");
  });

  it.each([
    ["tokenCount", MAX_TOKEN_COUNT + 1],
    ["tokenCount", 2.5],
    ["latencyMs", MAX_LATENCY_MS + 1],
    ["latencyMs", 1e300],
    ["estimatedCost", MAX_ESTIMATED_COST_CENTS * 2],
    ["estimatedCost", 1e308],
  ])("refuses %s = %s", async (field, value) => {
    const org = await registerOrg();
    await refusedWithoutWrite(org, "/logs", JSON.stringify({ ...good, [field]: value }), field);
  });

  it("refuses a number that JSON parses to Infinity (1e999)", async () => {
    const org = await registerOrg();
    await refusedWithoutWrite(org, "/logs", `${JSON.stringify(good).slice(0, -1)},"tokenCount":1e999}`, "tokenCount");
  });

  it("accepts the maxima themselves", async () => {
    const org = await registerOrg();
    const body = { ...good, tokenCount: MAX_TOKEN_COUNT, latencyMs: MAX_LATENCY_MS, estimatedCost: MAX_ESTIMATED_COST_CENTS };
    const res = await call("POST", "/logs", { key: org.apiKey, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ tokenCount: MAX_TOKEN_COUNT, latencyMs: MAX_LATENCY_MS, estimatedCost: MAX_ESTIMATED_COST_CENTS });
  });
});

describe("metadata", () => {
  it("refuses 100,000 levels of nesting (a 500 after the log was stored before)", async () => {
    const org = await registerOrg();
    await refusedWithoutWrite(org, "/logs", withMetadata(nested(100_000)), "metadata");
  });

  it("accepts exactly the depth limit and refuses one level more", async () => {
    const org = await registerOrg();
    const ok = await call("POST", "/logs", {
      key: org.apiKey,
      rawBody: withMetadata(nested(METADATA_LIMITS.depth)),
      headers: { "content-type": "application/json" },
    });
    expect(ok.status).toBe(201);
    const other = await registerOrg();
    const error = await refusedWithoutWrite(other, "/logs", withMetadata(nested(METADATA_LIMITS.depth + 1)), "metadata");
    expect(error.message).toBe(`metadata must not nest deeper than ${METADATA_LIMITS.depth} levels`);
  });

  it.each([
    ["too many entries", { list: Array.from({ length: METADATA_LIMITS.entries }, (_, i) => i) }],
    ["a long key", { ["k".repeat(METADATA_LIMITS.keyChars + 1)]: 1 }],
    ["a long string", { note: "x".repeat(METADATA_LIMITS.stringChars + 1) }],
    ["too large as JSON", Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, "x".repeat(METADATA_LIMITS.stringChars)]))],
    ["an array at the root", [1, 2]],
    ["a string at the root", "text"],
  ])("refuses metadata with %s", async (_, metadata) => {
    const org = await registerOrg();
    await refusedWithoutWrite(org, "/logs", JSON.stringify({ ...good, metadata }), "metadata");
  });

  it.each(["__proto__", "constructor", "prototype"])("refuses the key %s at the top and nested", async (key) => {
    const org = await registerOrg();
    await refusedWithoutWrite(org, "/logs", withMetadata(`{"${key}":{"polluted":true}}`), "metadata");
    await refusedWithoutWrite(org, "/logs", withMetadata(`{"team":{"${key}":{"polluted":true}}}`), "metadata");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("stores ordinary nested metadata as sent", async () => {
    const org = await registerOrg();
    const metadata = { team: "search", tags: ["a", "b"], request: { retries: 2, cached: false, ratio: 0.5, parent: null } };
    const res = await call("POST", "/logs", { key: org.apiKey, body: { ...good, metadata } });
    expect(res.status).toBe(201);
    expect((await call("GET", `/logs/${res.body.id}`, { key: org.apiKey })).body.metadata).toEqual(metadata);
  });
});

describe("batches and test prompts", () => {
  it("refuses a whole batch for one bad item, naming its index, and stores none of it", async () => {
    const org = await registerOrg();
    const logs = [good, { ...good, metadata: { ok: true } }, { ...good, tokenCount: 1e308 }, good];
    const error = await refusedWithoutWrite(org, "/logs/batch", JSON.stringify({ logs }), "logs.2.tokenCount");
    expect(Object.keys(error.issues ?? {})).toEqual(["logs.2.tokenCount"]);
  });

  it("refuses a deep metadata in a batch item", async () => {
    const org = await registerOrg();
    await refusedWithoutWrite(org, "/logs/batch", `{"logs":[${JSON.stringify(good)},${withMetadata(nested(50_000))}]}`, "logs.1.metadata");
  });

  it("applies the same bounds to test prompts", async () => {
    const org = await registerOrg();
    await refusedWithoutWrite(org, "/test-prompt", JSON.stringify({ ...good, latencyMs: -1 }), "latencyMs");
    await refusedWithoutWrite(org, "/test-prompt", withMetadata(nested(20)), "metadata");
  });
});
