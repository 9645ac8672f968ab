// Stats, charts and top spenders of an organization whose logs lie in three segments
// (test/segment-split.ts): the same figures as the same logs in one database, distinct users counted
// once across segments, and the intruder sharing the databases never in them, nor they in its.
import { beforeEach, describe, expect, it } from "vitest";
import { awayFromBoundary, call, shardD1 } from "../../test/helpers";
import { freshPoolEachTest } from "../../test/segment-helpers";
import { DAY, HOUR, INTRUDER, splitAndTwin, todayUtc, variedLogs } from "../../test/segment-split";

freshPoolEachTest();
// Expected days are computed on the server per request: keep every test inside one UTC day.
beforeEach(() => awayFromBoundary(DAY, 20_000), 30_000);

const ROUTES = [
  "/stats",
  "/trends",
  "/analytics/models",
  "/cost-tracking",
  "/performance-metrics",
  "/analytics/users",
  "/analytics/sessions",
];

async function setUp() {
  const now = Date.now();
  // Segments start mid-day, so some days' aggregates are split between two segments.
  return splitAndTwin(variedLogs(20, now), [todayUtc(now) - 9 * DAY + 12 * HOUR, todayUtc(now) - 2 * DAY + 6 * HOUR]);
}

describe("stats and charts across log segments", () => {
  it("answer an organization in three segments exactly as the same logs in one database, every route and window", async () => {
    const { split, twin } = await setUp();
    for (const path of ROUTES)
      for (const days of [1, 3, 7, 30]) {
        const q = `${path}?days=${days}${path.startsWith("/analytics/") && path !== "/analytics/models" ? "&limit=2" : ""}`;
        const [mine, same] = await Promise.all([call("GET", q, { key: split.apiKey }), call("GET", q, { key: twin.apiKey })]);
        expect(mine.status, q).toBe(200);
        expect(mine.body, q).toEqual(same.body);
        expect(mine.text, q).not.toMatch(/intruder|mallory/);
      }
    // The figures are the whole set's: 80 logs, and four users counted once though each is in every segment.
    const stats = await call("GET", "/stats?days=30", { key: split.apiKey });
    expect(stats.body).toMatchObject({ totalPrompts: 80, redFlags: 32, activeUsers: 4 });
    const users = await call("GET", "/analytics/users?days=30&limit=10", { key: split.apiKey });
    expect(users.body.map((u: { id: string }) => u.id).sort()).toEqual(["", "alice", "bob", "carol", "dave"]);
    // Every log but the 13 without a user (every sixth from the fourth).
    expect(users.body.reduce((n: number, u: { logs: number }) => n + u.logs, 0)).toBe(67);
  });

  it("read only the segments a window overlaps", async () => {
    const { split, twin } = await setUp();
    // A row the home segment could never hold (it ends nine days ago): counted only if it is read.
    await shardD1(0)
      .prepare("INSERT INTO daily_usage (org_id, day, model, total, safe) VALUES (?, ?, 'poison', 1000, 1000)")
      .bind(split.orgId, new Date().toISOString().slice(0, 10))
      .run();
    for (const q of ["/trends?days=1", "/trends?days=7", "/analytics/models?days=7", "/stats?days=3"]) {
      const [mine, same] = await Promise.all([call("GET", q, { key: split.apiKey }), call("GET", q, { key: twin.apiKey })]);
      expect(mine.body, q).toEqual(same.body);
    }
    // A month overlaps the home segment, which is then read: the row shows.
    const month = await call("GET", "/analytics/models?days=30", { key: split.apiKey });
    expect(month.body.map((m: { model: string }) => m.model)).toContain("poison");
  });

  it("never show the intruder sharing the databases any of the split organization's figures", async () => {
    const { intruder } = await setUp();
    // The intruder is in one segment (the shared home shard): its three logs there, nothing else.
    const stats = await call("GET", "/stats?days=30", { key: intruder.apiKey });
    expect(stats.body).toMatchObject({ totalPrompts: 3, redFlags: 0, activeUsers: 1, estimatedCost: 297 });
    const models = await call("GET", "/analytics/models?days=30", { key: intruder.apiKey });
    expect(models.body).toEqual([{ model: INTRUDER.model, prompts: 3, tokens: 0, cost: 297, share: 1 }]);
    const users = await call("GET", "/analytics/users?days=30", { key: intruder.apiKey });
    expect(users.body.map((u: { id: string; logs: number }) => [u.id, u.logs])).toEqual([[INTRUDER.userId, 3]]);
    const sessions = await call("GET", "/analytics/sessions?days=30", { key: intruder.apiKey });
    expect(sessions.body.map((u: { id: string; logs: number }) => [u.id, u.logs])).toEqual([[INTRUDER.sessionId, 3]]);
    const trends = await call("GET", "/trends?days=30", { key: intruder.apiKey });
    expect(trends.body.reduce((n: number, d: { safe: number }) => n + d.safe, 0)).toBe(3);
    for (const path of ["/cost-tracking?days=30", "/performance-metrics?days=30"]) {
      const res = await call("GET", path, { key: intruder.apiKey });
      expect(
        res.body.reduce((n: number, d: { prompts: number }) => n + d.prompts, 0),
        path,
      ).toBe(3);
    }
  });
});
