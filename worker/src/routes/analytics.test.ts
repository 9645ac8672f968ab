import { beforeEach, describe, expect, it } from "vitest";
import { api, awayFromBoundary, call, dataD1, expectEnvelope, insertLogs, keyWith, read, registerOrg } from "../../test/helpers";

// Expected days are computed here and on the server per request: keep every test inside one UTC day.
beforeEach(() => awayFromBoundary(24 * 60 * 60 * 1000, 15_000), 30_000);

const DAY = 86_400_000;
const HOUR = 3_600_000;
const todayUtc = () => {
  const d = new Date();
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
};
const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A moment `daysAgo` UTC days before today, `offsetMs` into that day; today's are clamped to now (never future). */
const atMs = (daysAgo: number, offsetMs: number) => {
  const start = todayUtc() - daysAgo * DAY;
  return new Date(daysAgo === 0 ? Math.max(start, Math.min(Date.now() - 1, start + offsetMs)) : start + offsetMs);
};
const at = (daysAgo: number, hour = 1) => atMs(daysAgo, hour * HOUR);
const zero = { totalPrompts: 0, redFlags: 0, activeUsers: 0, estimatedCost: 0 };

/** A deterministic, varied set of logs over the last `days` days (costs are exact binary fractions). */
function variedLogs(days: number) {
  const models = ["gpt-4", "gpt-4o", "gpt-3.5-turbo", "claude-3-opus"];
  const statuses = ["safe", "safe", "warning", "critical", "safe"] as const;
  const users = ["alice", "bob", "carol", null, "dave", ""];
  const logs = [];
  for (let i = 0; i < 90; i++) {
    const daysAgo = (i * 7) % days;
    if (daysAgo === 4 || daysAgo === 17) continue; // some empty days to zero-fill
    logs.push({
      createdAt: atMs(daysAgo, ((i * 37) % 23) * HOUR + (i % 60) * 60_000),
      model: models[i % models.length],
      flagStatus: statuses[i % statuses.length],
      userId: users[i % users.length],
      tokenCount: i % 4 === 0 ? null : 100 + i,
      estimatedCost: i % 6 === 0 ? null : (i % 8) * 0.25,
      latencyMs: i % 3 === 0 ? null : 50 + i,
    });
  }
  return logs;
}

/** Stats figures computed straight from prompt_logs, the ground truth the aggregates must match. */
async function rawStats(orgId: string, fromMs: number, toMs: number) {
  const row = await (await dataD1(orgId))
    .prepare(
      `SELECT count(*) AS totalPrompts,
            coalesce(sum(flag_status IN ('warning', 'critical')), 0) AS redFlags,
            count(DISTINCT CASE WHEN user_id <> '' THEN user_id END) AS activeUsers,
            coalesce(sum(estimated_cost), 0) AS estimatedCost
       FROM prompt_logs WHERE org_id = ? AND created_at >= ? AND created_at < ?`,
    )
    .bind(orgId, fromMs, toMs)
    .first<{ totalPrompts: number; redFlags: number; activeUsers: number; estimatedCost: number }>();
  return { ...row!, estimatedCost: Math.round(row!.estimatedCost * 10_000) / 10_000 };
}

async function rawTrends(orgId: string, days: number) {
  const from = todayUtc() - (days - 1) * DAY;
  const { results } = await (await dataD1(orgId))
    .prepare(
      `SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS date,
            sum(flag_status = 'safe') AS safe, sum(flag_status = 'warning') AS warning, sum(flag_status = 'critical') AS critical
       FROM prompt_logs WHERE org_id = ? AND created_at >= ? AND created_at < ? GROUP BY date`,
    )
    .bind(orgId, from, todayUtc() + DAY)
    .all<{ date: string; safe: number; warning: number; critical: number }>();
  const byDay = new Map(results.map((r) => [r.date, r]));
  return Array.from({ length: days }, (_, i) => {
    const date = dayKey(from + i * DAY);
    const r = byDay.get(date);
    return { date, safe: r?.safe ?? 0, warning: r?.warning ?? 0, critical: r?.critical ?? 0 };
  });
}

describe("GET /api/stats", () => {
  it("answers zeros for a new organization, for the default 7 days", async () => {
    const org = await registerOrg();
    const res = await read(api(org).stats.$get({ query: {} }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...zero, previous: zero });
    expect(res.body.to).toBe(dayKey(todayUtc()));
    expect(res.body.from).toBe(dayKey(todayUtc() - 6 * DAY));
  });

  it("splits the current days from the preceding ones", async () => {
    const org = await registerOrg();
    await insertLogs(org.orgId, [
      // current window (today .. 6 days ago)
      { createdAt: at(0), flagStatus: "critical", userId: "alice", estimatedCost: 1.5 },
      { createdAt: at(0), flagStatus: "safe", userId: "alice", estimatedCost: 0.25 },
      { createdAt: at(3), flagStatus: "warning", userId: "bob", estimatedCost: 2 },
      { createdAt: at(6, 23), flagStatus: "safe", userId: null },
      // previous window (7 .. 13 days ago)
      { createdAt: at(8), flagStatus: "warning", userId: "carol", estimatedCost: 4 },
      { createdAt: at(10), flagStatus: "safe", userId: "carol", estimatedCost: 0.5 },
      { createdAt: at(13), flagStatus: "critical", userId: "dave" },
      // outside both
      { createdAt: at(14), flagStatus: "critical", userId: "erin", estimatedCost: 100 },
      { createdAt: at(20), flagStatus: "critical", userId: "erin", estimatedCost: 100 },
    ]);
    const res = await read(api(org).stats.$get({ query: {} }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalPrompts: 4,
      redFlags: 2,
      activeUsers: 2,
      estimatedCost: 3.75,
      previous: { totalPrompts: 3, redFlags: 2, activeUsers: 2, estimatedCost: 4.5 },
    });
    const seven = await read(api(org).stats.$get({ query: { days: "7" } }));
    expect(seven.body).toEqual(res.body);
    // days=1 is today only, against yesterday.
    const one = await read(api(org).stats.$get({ query: { days: "1" } }));
    expect(one.body).toMatchObject({ totalPrompts: 2, redFlags: 1, activeUsers: 1, estimatedCost: 1.75, previous: zero });
    // days=14 takes in the previous window and day 14 falls into its "previous".
    const fourteen = await read(api(org).stats.$get({ query: { days: "14" } }));
    expect(fourteen.body).toMatchObject({
      totalPrompts: 7,
      redFlags: 4,
      activeUsers: 4,
      previous: { totalPrompts: 2, redFlags: 2, activeUsers: 1, estimatedCost: 200 },
    });
  });

  it("counts an active user once across days", async () => {
    const org = await registerOrg();
    await insertLogs(org.orgId, [
      { createdAt: at(0), userId: "alice" },
      { createdAt: at(1), userId: "alice" },
      { createdAt: at(2), userId: "alice" },
      { createdAt: at(2), userId: "bob" },
      { createdAt: at(2), userId: "" },
    ]);
    expect((await read(api(org).stats.$get({ query: {} }))).body.activeUsers).toBe(2);
  });

  it("agrees with the raw logs over 30 days", async () => {
    const org = await registerOrg();
    const other = await registerOrg();
    await insertLogs(org.orgId, variedLogs(30));
    // Logs older than both windows and another organization's logs must not count.
    await insertLogs(org.orgId, [{ createdAt: at(70), flagStatus: "critical", userId: "old", estimatedCost: 9 }]);
    await insertLogs(other.orgId, variedLogs(30).slice(0, 20));

    const today = todayUtc();
    const expectedCurrent = await rawStats(org.orgId, today - 29 * DAY, today + DAY);
    const expectedPrevious = await rawStats(org.orgId, today - 59 * DAY, today - 29 * DAY);
    expect(expectedCurrent.totalPrompts).toBeGreaterThan(50);
    expect(expectedCurrent.redFlags).toBeGreaterThan(0);
    expect(expectedCurrent.activeUsers).toBe(4);

    const stats = await read(api(org).stats.$get({ query: { days: "30" } }));
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ ...expectedCurrent, previous: expectedPrevious });

    const trends = await read(api(org).trends.$get({ query: { days: "30" } }));
    expect(trends.status).toBe(200);
    expect(trends.body).toEqual(await rawTrends(org.orgId, 30));
    const sum = (k: "safe" | "warning" | "critical") => trends.body.reduce((n: number, d: any) => n + d[k], 0);
    expect(sum("safe") + sum("warning") + sum("critical")).toBe(expectedCurrent.totalPrompts);
    expect(sum("warning") + sum("critical")).toBe(expectedCurrent.redFlags);
  });

  it("reads the aggregates, not the logs: deleting logs (retention) leaves stats and trends unchanged", async () => {
    const org = await registerOrg();
    await insertLogs(org.orgId, variedLogs(30));
    const before = await Promise.all([
      read(api(org).stats.$get({ query: { days: "30" } })),
      read(api(org).trends.$get({ query: { days: "30" } })),
      read(api(org).analytics.models.$get({ query: { days: "30" } })),
    ]);
    expect(before[0].body.totalPrompts).toBeGreaterThan(0);

    const data = await dataD1(org.orgId);
    const count = () => data.prepare("SELECT count(*) AS n FROM prompt_logs WHERE org_id = ?").bind(org.orgId).first<{ n: number }>();
    expect((await count())?.n).toBe(before[0].body.totalPrompts);
    await data.prepare("DELETE FROM prompt_logs WHERE org_id = ?").bind(org.orgId).run();
    expect((await count())?.n).toBe(0);
    expect((await read(api(org).logs.$get({ query: {} }))).body).toEqual([]);

    const after = await Promise.all([
      read(api(org).stats.$get({ query: { days: "30" } })),
      read(api(org).trends.$get({ query: { days: "30" } })),
      read(api(org).analytics.models.$get({ query: { days: "30" } })),
    ]);
    expect(after.map((r) => r.body)).toEqual(before.map((r) => r.body));
  });

  it("rejects a bad `days` with 400", async () => {
    const org = await registerOrg();
    for (const days of ["0", "366", "abc", "-1", "7.5"]) {
      const error = expectEnvelope(await read(api(org).stats.$get({ query: { days: days } })), 400, "validation_failed");
      expect(error.issues?.days).toEqual(["Must be a whole number between 1 and 365"]);
    }
    expect((await read(api(org).stats.$get({ query: { days: "365" } }))).status).toBe(200);
  });

  it("never counts another organization's logs", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    await insertLogs(a.orgId, [{ createdAt: at(0), flagStatus: "critical", userId: "x", estimatedCost: 5, model: "gpt-4" }]);
    await insertLogs(b.orgId, [{ createdAt: at(0), flagStatus: "safe", userId: "y", estimatedCost: 1, model: "claude-3" }]);
    expect((await read(api(b).stats.$get({ query: {} }))).body).toMatchObject({
      totalPrompts: 1,
      redFlags: 0,
      activeUsers: 1,
      estimatedCost: 1,
    });
    const trend = await read(api(b).trends.$get({ query: {} }));
    expect(trend.body.at(-1)).toEqual({ date: dayKey(todayUtc()), safe: 1, warning: 0, critical: 0 });
    expect((await read(api(b).analytics.models.$get({ query: {} }))).body.map((m) => m.model)).toEqual(["claude-3"]);
    expect((await read(api(b)["cost-tracking"].$get({ query: {} }))).body.map((m) => m.model)).toEqual(["claude-3"]);
  });
});

describe("GET /api/trends", () => {
  it("answers one zero-filled entry per day, oldest first, `days` entries (default 7)", async () => {
    const org = await registerOrg();
    await insertLogs(org.orgId, [
      { createdAt: at(0), flagStatus: "safe" },
      { createdAt: at(0), flagStatus: "critical" },
      { createdAt: at(2), flagStatus: "warning" },
      { createdAt: at(2), flagStatus: "warning", model: "claude-3" },
      { createdAt: at(9), flagStatus: "critical" },
    ]);
    const res = await read(api(org).trends.$get({ query: {} }));
    expect(res.status).toBe(200);
    const today = todayUtc();
    expect(res.body).toEqual(
      Array.from({ length: 7 }, (_, i) => {
        const daysAgo = 6 - i;
        const date = dayKey(today - daysAgo * DAY);
        if (daysAgo === 0) return { date, safe: 1, warning: 0, critical: 1 };
        if (daysAgo === 2) return { date, safe: 0, warning: 2, critical: 0 };
        return { date, safe: 0, warning: 0, critical: 0 };
      }),
    );
    const thirty = await read(api(org).trends.$get({ query: { days: "30" } }));
    expect(thirty.body).toHaveLength(30);
    expect(thirty.body[0].date).toBe(dayKey(today - 29 * DAY));
    expect(thirty.body[29].date).toBe(dayKey(today));
    expect(thirty.body[20]).toEqual({ date: dayKey(today - 9 * DAY), safe: 0, warning: 0, critical: 1 });
    const dates = thirty.body.map((d) => d.date);
    expect(dates).toEqual([...dates].sort());
    expect(new Set(dates).size).toBe(30);
  });

  it("answers 400 for a bad days value", async () => {
    const org = await registerOrg();
    expect(expectEnvelope(await read(api(org).trends.$get({ query: { days: "abc" } })), 400).issues?.days).toBeDefined();
  });
});

describe("GET /api/analytics/models", () => {
  it("answers prompts, tokens, cost and share per model, most used first; shares sum to 1", async () => {
    const org = await registerOrg();
    await insertLogs(org.orgId, [
      { createdAt: at(0), model: "gpt-4", tokenCount: 100, estimatedCost: 1.5 },
      { createdAt: at(1), model: "gpt-4", tokenCount: 200, estimatedCost: 2.25 },
      { createdAt: at(2), model: "gpt-4", tokenCount: null, estimatedCost: null },
      { createdAt: at(0), model: "claude-3-opus", tokenCount: 50, estimatedCost: 0.5 },
      { createdAt: at(6, 0), model: "gpt-3.5-turbo", tokenCount: 10, estimatedCost: 0.125 },
      { createdAt: at(5), model: "claude-3-opus", tokenCount: 25, estimatedCost: 0.25 },
      // outside the 7 days
      { createdAt: at(8), model: "gpt-4", tokenCount: 1000, estimatedCost: 10 },
      { createdAt: at(8), model: "mistral", tokenCount: 1000, estimatedCost: 10 },
      { createdAt: at(9), model: "mistral", tokenCount: 1000, estimatedCost: 10 },
      { createdAt: at(10), model: "mistral", tokenCount: 1000, estimatedCost: 10 },
    ]);
    const res = await read(api(org).analytics.models.$get({ query: {} }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { model: "gpt-4", prompts: 3, tokens: 300, cost: 3.75, share: 0.5 },
      { model: "claude-3-opus", prompts: 2, tokens: 75, cost: 0.75, share: 2 / 6 },
      { model: "gpt-3.5-turbo", prompts: 1, tokens: 10, cost: 0.125, share: 1 / 6 },
    ]);
    expect(res.body.reduce((n: number, m: any) => n + m.share, 0)).toBeCloseTo(1, 10);

    const thirty = await read(api(org).analytics.models.$get({ query: { days: "30" } }));
    expect(thirty.body.map((m) => m.model)).toEqual(["gpt-4", "mistral", "claude-3-opus", "gpt-3.5-turbo"]);
    expect(thirty.body[0]).toEqual({ model: "gpt-4", prompts: 4, tokens: 1300, cost: 13.75, share: 0.4 });
    expect(thirty.body[1]).toEqual({ model: "mistral", prompts: 3, tokens: 3000, cost: 30, share: 0.3 });
    expect(thirty.body.reduce((n: number, m: any) => n + m.share, 0)).toBeCloseTo(1, 10);
  });

  it("answers an empty list without logs", async () => {
    const org = await registerOrg();
    const res = await read(api(org).analytics.models.$get({ query: {} }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

describe("GET /api/cost-tracking and /api/performance-metrics", () => {
  it("answers cost per day and model", async () => {
    const org = await registerOrg();
    await insertLogs(org.orgId, [
      { createdAt: at(0), model: "gpt-4", tokenCount: 100, estimatedCost: 1 },
      { createdAt: at(0), model: "gpt-4", tokenCount: 50, estimatedCost: 0.5 },
      { createdAt: at(0), model: "claude-3", tokenCount: 10, estimatedCost: 0.25 },
      { createdAt: at(3), model: "gpt-4", tokenCount: 7, estimatedCost: 2 },
      { createdAt: at(9), model: "gpt-4", tokenCount: 7, estimatedCost: 2 },
    ]);
    const res = await read(api(org)["cost-tracking"].$get({ query: {} }));
    expect(res.status).toBe(200);
    const today = todayUtc();
    expect(res.body).toEqual([
      { date: dayKey(today - 3 * DAY), model: "gpt-4", prompts: 1, tokens: 7, cost: 2 },
      { date: dayKey(today), model: "claude-3", prompts: 1, tokens: 10, cost: 0.25 },
      { date: dayKey(today), model: "gpt-4", prompts: 2, tokens: 150, cost: 1.5 },
    ]);
    expect((await read(api(org)["cost-tracking"].$get({ query: { days: "30" } }))).body).toHaveLength(4);
  });

  it("answers latency, flag rate and tokens per day, zero-filled", async () => {
    const org = await registerOrg();
    await insertLogs(org.orgId, [
      { createdAt: at(0), latencyMs: 100, tokenCount: 10, flagStatus: "critical" },
      { createdAt: at(0), latencyMs: 300, tokenCount: 30, flagStatus: "safe" },
      { createdAt: at(0), latencyMs: null, tokenCount: 20, flagStatus: "warning", model: "claude-3" },
      { createdAt: at(0), latencyMs: null, tokenCount: null, flagStatus: "safe" },
      { createdAt: at(2), latencyMs: null, tokenCount: 5, flagStatus: "safe" },
    ]);
    const res = await read(api(org)["performance-metrics"].$get({ query: {} }));
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(7);
    const today = todayUtc();
    expect(res.body.map((d) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => dayKey(today - (6 - i) * DAY)));
    expect(res.body[6]).toEqual({ date: dayKey(today), prompts: 4, avgLatencyMs: 200, flagRate: 0.5, avgTokens: 15 });
    expect(res.body[4]).toEqual({ date: dayKey(today - 2 * DAY), prompts: 1, avgLatencyMs: null, flagRate: 0, avgTokens: 5 });
    expect(res.body[0]).toEqual({ date: dayKey(today - 6 * DAY), prompts: 0, avgLatencyMs: null, flagRate: 0, avgTokens: 0 });
  });
});

describe("analytics auth", () => {
  const paths = ["/stats", "/trends", "/analytics/models", "/cost-tracking", "/performance-metrics"];

  it("answers 401 without credentials or with an invalid key", async () => {
    for (const path of paths) {
      expectEnvelope(await call("GET", path), 401, "unauthorized");
      expectEnvelope(await call("GET", path, { key: `pk_live_${"0".repeat(32)}` }), 401, "unauthorized");
    }
  });

  it("answers 403 for a key without logs:read, 200 with it and via ?apiKey", async () => {
    const org = await registerOrg();
    const alertsOnly = await keyWith(org, ["alerts:read"]);
    const reader = await keyWith(org, ["logs:read"]);
    for (const path of paths) {
      expectEnvelope(await call("GET", path, { key: alertsOnly }), 403, "forbidden");
      expect((await call("GET", path, { key: reader })).status).toBe(200);
      expect((await call("GET", `${path}?apiKey=${org.apiKey}&days=30`)).status).toBe(200);
    }
  });
});
