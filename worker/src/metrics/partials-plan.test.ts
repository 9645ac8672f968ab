// Which checked queries merge from per-segment partial aggregates (the rest carry rows), and that
// every statement generated for them reads only `logs` and keeps the user's literals as literals.
import { describe, expect, it } from "vitest";
import { planPartials } from "./partials-plan";
import { prepareMetricQuery } from "./sandbox";

const plan = (text: string) => planPartials(prepareMetricQuery(text).ast);

describe("planPartials", () => {
  it("plans grouped and ungrouped aggregates, with WHERE, HAVING, ORDER BY and LIMIT", () => {
    for (const text of [
      "SELECT count(*) FROM logs",
      "SELECT count(DISTINCT user_id) FROM logs",
      "SELECT model, avg(latency_ms) AS a FROM logs WHERE flag_status = 'critical' GROUP BY model HAVING a > 1 ORDER BY a DESC LIMIT 5",
      "SELECT flag_status FROM logs GROUP BY 1",
      "SELECT LOWER(Model), count(*) FROM logs GROUP BY lower(model)",
      "SELECT min(created_at), max(max(latency_ms), 0) FROM logs",
      "SELECT round(total(estimated_cost) / count(*), 2) FROM logs AS l WHERE l.model LIKE 'gpt%'",
    ])
      expect(plan(text), text).toBeDefined();
  });

  it("leaves rows, subqueries, CTEs, compounds, DISTINCT, bare columns and collations to the carry path", () => {
    for (const text of [
      "SELECT latency_ms FROM logs ORDER BY latency_ms LIMIT 1 OFFSET 3",
      "SELECT * FROM logs",
      "SELECT model, latency_ms FROM logs GROUP BY model",
      "SELECT max(latency_ms, 0), count(*) FROM logs",
      "SELECT count(*) FROM (SELECT * FROM logs)",
      "WITH t AS (SELECT * FROM logs) SELECT count(*) FROM t",
      "SELECT count(*) FROM logs UNION ALL SELECT sum(latency_ms) FROM logs",
      "SELECT DISTINCT model, count(*) FROM logs GROUP BY model",
      "SELECT model COLLATE NOCASE, count(*) FROM logs GROUP BY 1",
      "SELECT count(*) AS n FROM logs WHERE n > 1",
      "SELECT count(*) AS __g1 FROM logs",
      "SELECT count(*) FROM logs GROUP BY sum(latency_ms)",
      "SELECT 1 FROM logs",
      "SELECT count(*) FROM logs GROUP BY -1",
      // 17 averages need 34 partial columns, more than a checked SELECT may answer.
      `SELECT ${Array.from({ length: 17 }, (_, i) => `avg(latency_ms + ${i})`).join(", ")} FROM logs`,
    ])
      expect(plan(text), text).toBeUndefined();
  });

  it("generates statements over logs alone, from the AST", () => {
    const p = plan(
      "SELECT model, count(DISTINCT user_id), sum(token_count) FROM logs WHERE prompt = 'x\" FROM api_keys --' GROUP BY model",
    )!;
    expect(p.partials).toHaveLength(2);
    for (const { sql } of [...p.partials, p.final]) {
      expect(sql).toMatch(/FROM "logs"/);
      expect(sql).not.toMatch(/api_keys(?! --')/);
    }
    expect(p.partials[0].sql).toContain(`'x" FROM api_keys --'`);
    expect(p.final.sql).toBe('SELECT "__g1", COUNT(DISTINCT "__d1"), SUM("__a1") FROM "logs" GROUP BY "__g1"');
    expect(p.columns.map((c) => c.name)).toEqual(["__g1", "__a1", "__d1"]);
    expect(p.columns[0].cast).toBe("TEXT");
  });
});
