// Filters of the logs lists, sessions, users, top spenders and the models seen (docs/api.md).
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { promptLogs } from "@promptsentry/schema/tables/logs";
import { logFilters } from "../queries/logs";
import { call, dataDb, expectEnvelope, insertLogs, registerOrg } from "../../test/helpers";

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);
const prompts = (body: { prompt: string }[]) => body.map((l) => l.prompt);

describe("GET /api/logs filters", () => {
  it("filters by exact models, session, source, reason and reviewed", async () => {
    const org = await registerOrg();
    const rows = await insertLogs(org.orgId, [
      { createdAt: ago(5), prompt: "a", model: "gpt-4", sessionId: "s1", source: "sdk" },
      {
        createdAt: ago(4),
        prompt: "b",
        model: "gpt-4o",
        sessionId: "s1",
        source: "gateway",
        flagStatus: "critical",
        flagReasons: ["prompt_injection"],
      },
      { createdAt: ago(3), prompt: "c", model: "claude-3", sessionId: "s2", flagStatus: "warning", flagReasons: ["sensitive_content"] },
    ]);
    const get = async (q: string) => prompts((await call("GET", `/logs?${q}`, { key: org.apiKey })).body);
    // The family prefix (Quick Filters) still finds gpt-4o; the exact names do not.
    expect(await get("model=gpt-4")).toEqual(["b", "a"]);
    expect(await get("models=gpt-4")).toEqual(["a"]);
    expect(await get("models=gpt-4o,claude-3")).toEqual(["c", "b"]);
    expect(await get("sessionId=s1")).toEqual(["b", "a"]);
    expect(await get("source=gateway")).toEqual(["b"]);
    expect(await get("reason=sensitive_content")).toEqual(["c"]);
    const review = await call("PUT", `/logs/${rows[1].id}/feedback`, { key: org.apiKey, body: { verdict: "confirmed" } });
    expect(review.status).toBe(200);
    expect(await get("reviewed=true")).toEqual(["b"]);
    expect(await get("reviewed=false&flagStatus=warning,critical")).toEqual(["c"]);
    const counts = await call("GET", "/logs/counts?sessionId=s1", { key: org.apiKey });
    expect(counts.body).toMatchObject({ total: 2, critical: 1, safe: 1 });
    const models = await call("GET", "/logs/counts?models=gpt-4o", { key: org.apiKey });
    expect(models.body).toMatchObject({ total: 1, critical: 1 });
  });

  it("sorts by cost, latency or tokens with a cursor that pages through every log once", async () => {
    const org = await registerOrg();
    const costs = [5, null, 12, 1, 12, 7];
    await insertLogs(
      org.orgId,
      costs.map((cost, i) => ({ createdAt: ago(10 - i), prompt: `p${i}`, estimatedCost: cost, latencyMs: i * 10, tokenCount: 100 - i })),
    );
    const page = async (q: string) => (await call("GET", `/logs?${q}`, { key: org.apiKey })).body as { id: string; prompt: string }[];
    const first = await page("sort=cost&limit=3");
    // Equal costs: newest first; a log without a cost comes last.
    expect(prompts(first)).toEqual(["p4", "p2", "p5"]);
    const second = await page(`sort=cost&limit=3&before=${first[2].id}`);
    expect(prompts(second)).toEqual(["p0", "p3", "p1"]);
    expect(prompts(await page("sort=cost&order=asc&limit=10"))).toEqual(["p3", "p0", "p5", "p2", "p4", "p1"]);
    expect(prompts(await page("sort=latency&limit=2"))).toEqual(["p5", "p4"]);
    expect(prompts(await page("sort=tokens&order=asc&limit=2"))).toEqual(["p5", "p4"]);
    expect(prompts(await page("sort=time&order=asc&limit=2"))).toEqual(["p0", "p1"]);
  });

  it("refuses a reversed range, an over-long search and bad filter values with a 400 envelope", async () => {
    const org = await registerOrg();
    const from = ago(1).toISOString();
    const to = ago(60).toISOString();
    for (const path of ["/logs", "/logs/counts", "/logs/export"]) {
      const err = expectEnvelope(await call("GET", `${path}?from=${from}&to=${to}`, { key: org.apiKey }), 400, "validation_failed");
      expect(err.issues?.from).toEqual(["from must not be after to"]);
    }
    const long = expectEnvelope(await call("GET", `/logs?search=${"x".repeat(501)}`, { key: org.apiKey }), 400);
    expect(long.issues?.search).toEqual(["Search must be at most 500 characters"]);
    for (const q of ["sort=price", "order=up", "reviewed=maybe", `sessionId=${"s".repeat(201)}`, `models=${"m".repeat(101)}`]) {
      expectEnvelope(await call("GET", `/logs?${q}`, { key: org.apiKey }), 400, "validation_failed");
    }
  });

  it("answers each filter from an index (EXPLAIN QUERY PLAN)", async () => {
    const org = await registerOrg();
    const db = await dataDb(org.orgId);
    const plan = async (filter: Parameters<typeof logFilters>[1]) => {
      const where = sql.join(logFilters(org.orgId, filter), sql` AND `);
      const rows = await db.all<{ detail: string }>(
        sql`EXPLAIN QUERY PLAN SELECT id FROM ${promptLogs} WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT 50`,
      );
      return rows.map((r) => r.detail).join("\n");
    };
    expect(await plan({ sessionId: "s" })).toMatch(/prompt_logs_org_session_created/);
    expect(await plan({ source: "sdk" })).toMatch(/prompt_logs_org_source_created/);
    // Reviewed or not is one probe of a flag_feedback index per log, never a scan of it.
    expect(await plan({ flagStatus: ["warning", "critical"], reviewed: false })).toMatch(/SEARCH flag_feedback USING (COVERING )?INDEX/);
  });
});

describe("GET /api/logs/models", () => {
  it("answers the models the organization's logs name, most used first", async () => {
    const org = await registerOrg();
    await insertLogs(org.orgId, [{ model: "gpt-4o" }, { model: "gpt-4o" }, { model: "claude-3-opus" }]);
    const res = await call("GET", "/logs/models", { key: org.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.map((m: { model: string; prompts: number }) => [m.model, m.prompts])).toEqual([
      ["gpt-4o", 2],
      ["claude-3-opus", 1],
    ]);
  });
});

describe("GET /api/sessions/:id", () => {
  it("answers the session's logs in the order they happened, with totals", async () => {
    const org = await registerOrg();
    await insertLogs(org.orgId, [
      { createdAt: ago(3), prompt: "second", sessionId: "conv-1", userId: "ann", tokenCount: 20, estimatedCost: 0.5, latencyMs: 300 },
      { createdAt: ago(5), prompt: "first", sessionId: "conv-1", userId: "ann", tokenCount: 10, estimatedCost: 0.25, latencyMs: 200 },
      {
        createdAt: ago(1),
        prompt: "third",
        sessionId: "conv-1",
        flagStatus: "critical",
        flagReasons: ["prompt_injection"],
        model: "claude-3",
      },
      { createdAt: ago(2), prompt: "other", sessionId: "conv-2" },
    ]);
    const res = await call("GET", "/sessions/conv-1", { key: org.apiKey });
    expect(res.status, res.text).toBe(200);
    expect(prompts(res.body.items)).toEqual(["first", "second", "third"]);
    expect(res.body).toMatchObject({
      sessionId: "conv-1",
      logs: 3,
      tokens: 30,
      cost: 0.75,
      latencyMs: 500,
      warning: 0,
      critical: 1,
      userIds: ["ann"],
      truncated: false,
    });
    expect(res.body.models.sort()).toEqual(["claude-3", "gpt-4"]);
    expect(Date.parse(res.body.lastAt) - Date.parse(res.body.firstAt)).toBeGreaterThanOrEqual(4 * MINUTE - 1000);
  });

  it("answers 404 for a session with no log here and 400 for an over-long id", async () => {
    const org = await registerOrg();
    expectEnvelope(await call("GET", "/sessions/nope", { key: org.apiKey }), 404, "not_found");
    expectEnvelope(await call("GET", `/sessions/${"s".repeat(201)}`, { key: org.apiKey }), 400, "validation_failed");
  });
});

describe("GET /api/users/:id", () => {
  it("answers first and last seen, totals and zero-filled days", async () => {
    const org = await registerOrg();
    await insertLogs(org.orgId, [
      {
        createdAt: ago(2),
        userId: "bob",
        sessionId: "x",
        tokenCount: 5,
        estimatedCost: 1,
        flagStatus: "warning",
        flagReasons: ["sensitive_content"],
      },
      { createdAt: ago(1), userId: "bob", sessionId: "y", tokenCount: 7, estimatedCost: 2 },
      { createdAt: ago(1), userId: "carol", tokenCount: 100 },
    ]);
    const res = await call("GET", "/users/bob?days=7", { key: org.apiKey });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ userId: "bob", days: 7, logs: 2, tokens: 12, cost: 3, warning: 1, critical: 0, sessions: 2 });
    expect(res.body.daily).toHaveLength(7);
    const total = res.body.daily.reduce((n: number, d: { prompts: number }) => n + d.prompts, 0);
    expect(total).toBe(2);
    expect(Date.parse(res.body.lastSeenAt)).toBeGreaterThan(Date.parse(res.body.firstSeenAt));
  });

  it("answers 404 for an unknown user and 400 for bad input", async () => {
    const org = await registerOrg();
    expectEnvelope(await call("GET", "/users/nobody", { key: org.apiKey }), 404, "not_found");
    expectEnvelope(await call("GET", "/users/bob?days=0", { key: org.apiKey }), 400, "validation_failed");
    expectEnvelope(await call("GET", `/users/${"u".repeat(201)}`, { key: org.apiKey }), 400, "validation_failed");
  });
});

describe("GET /api/analytics/users and /sessions", () => {
  it("ranks by cost over the window", async () => {
    const org = await registerOrg();
    await insertLogs(org.orgId, [
      { userId: "cheap", sessionId: "s-cheap", estimatedCost: 1, tokenCount: 10 },
      { userId: "dear", sessionId: "s-dear", estimatedCost: 5, tokenCount: 50 },
      { userId: "dear", sessionId: "s-dear", estimatedCost: 4, tokenCount: 40, flagStatus: "critical", flagReasons: ["jailbreak_attempt"] },
      { userId: "old", estimatedCost: 100, createdAt: new Date(Date.now() - 40 * 86_400_000) },
    ]);
    const users = await call("GET", "/analytics/users?days=30", { key: org.apiKey });
    expect(users.body.map((u: { id: string; cost: number }) => [u.id, u.cost])).toEqual([
      ["dear", 9],
      ["cheap", 1],
    ]);
    expect(users.body[0]).toMatchObject({ logs: 2, tokens: 90, critical: 1 });
    const sessions = await call("GET", "/analytics/sessions?limit=1", { key: org.apiKey });
    expect(sessions.body.map((s: { id: string }) => s.id)).toEqual(["s-dear"]);
    expectEnvelope(await call("GET", "/analytics/users?limit=51", { key: org.apiKey }), 400, "validation_failed");
    expectEnvelope(await call("GET", "/analytics/sessions?days=abc", { key: org.apiKey }), 400, "validation_failed");
  });
});
