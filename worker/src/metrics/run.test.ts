// Running metric queries against the real local D1: exact values for the happy paths, `logs` bound
// to one organization and the last 30 days, and results bounded.
import { describe, expect, it } from "vitest";
import { dataD1, dataDb, insertLogs, orgShard, placeOnShard, registerOrg } from "../../test/helpers";
import { computeMetricValue, MAX_CELL_CHARS, MAX_ROWS, runMetricSql } from "./run";
import { prepareMetricQuery } from "./sandbox";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MARKER = "ORG-B-SECRET-MARKER-7f3a";

/** Org A: 10 logs over two days (gpt-4: 4 safe + 2 critical; claude-3: 1 safe, 2 warning, 1 critical), plus one 40 days old. */
async function seed(now: number) {
  const a = await registerOrg();
  const b = await registerOrg();
  // In one database: the sandbox, not the shard boundary, must keep B's rows from A's query.
  await placeOnShard(b.orgId, await orgShard(a.orgId));
  const yesterday = new Date(now - DAY);
  const today = new Date(now - HOUR);
  await insertLogs(a.orgId, [
    ...Array.from({ length: 4 }, () => ({ model: "gpt-4", flagStatus: "safe" as const, tokenCount: 100, createdAt: yesterday })),
    ...Array.from({ length: 2 }, () => ({ model: "gpt-4", flagStatus: "critical" as const, tokenCount: 300, createdAt: today })),
    { model: "claude-3", flagStatus: "safe", tokenCount: 50, createdAt: yesterday },
    ...Array.from({ length: 2 }, () => ({ model: "claude-3", flagStatus: "warning" as const, tokenCount: 50, createdAt: today })),
    { model: "claude-3", flagStatus: "critical", tokenCount: 50, createdAt: today },
    { model: "gpt-4", flagStatus: "critical", prompt: "too old to count", createdAt: new Date(now - 40 * DAY) },
  ]);
  await insertLogs(
    b.orgId,
    Array.from({ length: 3 }, () => ({
      model: "gpt-4",
      flagStatus: "critical" as const,
      prompt: MARKER,
      response: MARKER,
      createdAt: today,
    })),
  );
  return { a, b };
}

const value = (
  orgId: string,
  query: string,
  visualization: "number" | "line" | "bar" | "pie" = "number",
  type: "count" | "avg" | "sum" | "percentage" = "count",
  now = Date.now(),
) => dataDb(orgId).then((data) => computeMetricValue(data, orgId, { query, type, visualization }, now));

describe("computeMetricValue", () => {
  it("counts critical logs of the caller's organization in the last 30 days", async () => {
    const now = Date.now();
    const { a, b } = await seed(now);
    expect(await value(a.orgId, "SELECT count(*) FROM logs WHERE flag_status = 'critical'", "number", "count", now)).toBe(3);
    expect(await value(b.orgId, "SELECT count(*) FROM logs WHERE flag_status = 'critical'", "number", "count", now)).toBe(3);
  });

  it("computes the percentage of flagged logs", async () => {
    const now = Date.now();
    const { a } = await seed(now);
    expect(await value(a.orgId, "SELECT 100.0 * sum(flag_status <> 'safe') / count(*) AS pct FROM logs", "number", "percentage", now)).toBe(
      50,
    );
    expect(await value(a.orgId, "SELECT avg(token_count) FROM logs WHERE model = 'gpt-4'", "number", "avg", now)).toBe(166.6667);
    expect(await value(a.orgId, "SELECT 'label', sum(token_count) FROM logs", "number", "sum", now)).toBe(1200);
  });

  it("answers per-model bar and pie data", async () => {
    const now = Date.now();
    const { a } = await seed(now);
    const query = "SELECT model, count(*) AS n FROM logs GROUP BY model ORDER BY n DESC";
    expect(await value(a.orgId, query, "bar", "count", now)).toEqual([
      { label: "gpt-4", value: 6 },
      { label: "claude-3", value: 4 },
    ]);
    expect(await value(a.orgId, query, "pie", "count", now)).toEqual([
      { label: "gpt-4", value: 6, share: 0.6 },
      { label: "claude-3", value: 4, share: 0.4 },
    ]);
  });

  it("answers a per-day line", async () => {
    const now = Date.UTC(2026, 5, 15, 12);
    const { a } = await seed(now);
    const query = "SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS day, count(*) FROM logs GROUP BY day ORDER BY day";
    expect(await value(a.orgId, query, "line", "count", now)).toEqual([
      { label: "2026-06-14", value: 5 },
      { label: "2026-06-15", value: 5 },
    ]);
  });

  it("answers null for no rows and for a first row without numbers", async () => {
    const org = await registerOrg();
    expect(await value(org.orgId, "SELECT token_count FROM logs")).toBeNull();
    expect(await value(org.orgId, "SELECT count(*) FROM logs")).toBe(0);
    expect(await value(org.orgId, "SELECT model, count(*) FROM logs GROUP BY model", "bar")).toEqual([]);
  });
});

describe("runMetricSql isolation and bounds", () => {
  it("never returns another organization's rows", async () => {
    const now = Date.now();
    const { a, b } = await seed(now);
    for (const query of [
      "SELECT prompt FROM logs",
      "SELECT * FROM logs",
      "SELECT prompt, response, id FROM logs WHERE prompt LIKE '%ORG-B%'",
      "WITH x AS (SELECT * FROM logs) SELECT * FROM x UNION ALL SELECT * FROM logs",
    ]) {
      const result = await runMetricSql(await dataDb(a.orgId), a.orgId, prepareMetricQuery(query), now);
      expect(JSON.stringify(result), query).not.toContain(MARKER);
    }
    const bars = await value(a.orgId, "SELECT prompt, 1 FROM logs", "bar", "count", now);
    expect(JSON.stringify(bars)).not.toContain(MARKER);
    expect(bars).toHaveLength(10);
    // The same query as org B sees only B's rows.
    const own = await runMetricSql(await dataDb(b.orgId), b.orgId, prepareMetricQuery("SELECT prompt FROM logs"), now);
    expect(own.rows).toEqual([[MARKER], [MARKER], [MARKER]]);
  });

  it("sees only the last 30 days", async () => {
    const now = Date.now();
    const { a } = await seed(now);
    const result = await runMetricSql(
      await dataDb(a.orgId),
      a.orgId,
      prepareMetricQuery("SELECT count(*), min(created_at) FROM logs"),
      now,
    );
    expect(result.rows[0][0]).toBe(10);
    expect(result.rows[0][1]).toBeGreaterThanOrEqual(now - 30 * DAY);
    expect(
      JSON.stringify((await runMetricSql(await dataDb(a.orgId), a.orgId, prepareMetricQuery("SELECT prompt FROM logs"), now)).rows),
    ).not.toContain("too old");
  });

  it("bounds huge results to 100 rows, even with the query's own larger LIMIT", async () => {
    const org = await registerOrg();
    await insertLogs(
      org.orgId,
      Array.from({ length: MAX_ROWS + 25 }, (_, i) => ({ model: `m${i}` })),
    );
    const all = await runMetricSql(await dataDb(org.orgId), org.orgId, prepareMetricQuery("SELECT * FROM logs LIMIT 100000"), Date.now());
    expect(all.rows).toHaveLength(MAX_ROWS);
    expect(all.truncated).toBe(true);
    expect(all.width).toBe(14);
    expect(await value(org.orgId, "SELECT model, token_count FROM logs", "bar")).toHaveLength(MAX_ROWS);
    const few = await runMetricSql(await dataDb(org.orgId), org.orgId, prepareMetricQuery("SELECT model FROM logs LIMIT 100"), Date.now());
    expect(few.truncated).toBe(false);
  });

  it("caps every text cell at MAX_CELL_CHARS and keeps numbers as numbers (bounded cost)", async () => {
    const org = await registerOrg();
    await insertLogs(org.orgId, [{ prompt: "p".repeat(50_000), tokenCount: 12 }]);
    const result = await runMetricSql(
      await dataDb(org.orgId),
      org.orgId,
      prepareMetricQuery("SELECT prompt || prompt, token_count, prompt FROM logs"),
      Date.now(),
    );
    expect(result.width).toBe(3);
    expect(result.rows).toEqual([["p".repeat(MAX_CELL_CHARS), 12, "p".repeat(MAX_CELL_CHARS)]]);
  });

  it("reports SQLite errors as a query error", async () => {
    const org = await registerOrg();
    await expect(value(org.orgId, "SELECT abs('x', 'y') FROM logs")).rejects.toThrow(
      /^The query failed: wrong number of arguments to function abs\(\)/,
    );
  });
});

describe("metrics that read no text read log_facts (migration 0014)", () => {
  it("answers the same from log_facts, falls back to prompt_logs while the shard's copy is incomplete, and reads texts from prompt_logs", async () => {
    const now = Date.now();
    const { a } = await seed(now);
    const d1 = await dataD1(a.orgId);
    const db = await dataDb(a.orgId);
    const count = "SELECT count(*), sum(model LIKE 'gpt-4%'), max(created_at) FROM logs";
    const checked = prepareMetricQuery(count);
    expect(checked.readsText).toBe(false);
    const fromFacts = await runMetricSql(db, a.orgId, checked, now);
    expect(fromFacts.rows[0][0]).toBe(10);

    // Which table answered: take one log out of log_facts only. The facts path then counts 9.
    await d1
      .prepare(
        "DELETE FROM log_facts WHERE log_rowid = (SELECT rowid FROM prompt_logs WHERE org_id = ? AND model = 'claude-3' AND flag_status = 'critical')",
      )
      .bind(a.orgId)
      .run();
    expect((await runMetricSql(db, a.orgId, checked, now)).rows[0][0]).toBe(9);
    // A shard whose backfill has rows left reads prompt_logs: complete, 10.
    await d1.prepare("INSERT INTO log_facts_backfill (id, next_rowid, last_rowid) VALUES (1, 1, 1)").run();
    expect((await runMetricSql(db, a.orgId, checked, now)).rows).toEqual(fromFacts.rows);
    await d1.prepare("DELETE FROM log_facts_backfill").run();
    // A query that names a text column always reads prompt_logs.
    const text = prepareMetricQuery("SELECT count(*) FROM logs WHERE prompt <> ''");
    expect(text.readsText).toBe(true);
    expect((await runMetricSql(db, a.orgId, text, now)).rows[0][0]).toBe(10);
  });

  it("keeps log_facts in step with the logs: stored, changed, deleted", async () => {
    const org = await registerOrg();
    const [kept, changed, gone] = await insertLogs(org.orgId, [{ model: "gpt-4" }, { model: "claude-3" }, { model: "gemini" }]);
    const d1 = await dataD1(org.orgId);
    await d1.prepare("UPDATE prompt_logs SET flag_status = 'critical', token_count = 7 WHERE id = ?").bind(changed.id).run();
    await d1.prepare("DELETE FROM prompt_logs WHERE id = ?").bind(gone.id).run();
    const facts = await d1
      .prepare("SELECT id, model, flag_status, token_count FROM log_facts WHERE org_id = ? ORDER BY id")
      .bind(org.orgId)
      .all();
    expect(facts.results).toEqual(
      [
        { id: kept.id, model: "gpt-4", flag_status: "safe", token_count: null },
        { id: changed.id, model: "claude-3", flag_status: "critical", token_count: 7 },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    );
  });
});
