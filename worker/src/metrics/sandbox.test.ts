// The SQL policy on its own: every attack is refused with a message that says why, and what passes
// is regenerated SQL that reads only logs.
import { describe, expect, it } from "vitest";
import { MetricQueryError, prepareMetricQuery } from "./sandbox";

const refusal = (query: string) => {
  try {
    prepareMetricQuery(query);
  } catch (error) {
    if (error instanceof MetricQueryError) return error.message;
    throw error;
  }
  throw new Error(`accepted: ${query}`);
};

const OTHER_TABLE = /^Only the logs table can be queried/;
const ONE_STATEMENT = "Only one statement is allowed";

describe("prepareMetricQuery refuses", () => {
  it.each([
    ["SELECT * FROM api_keys", OTHER_TABLE],
    ["SELECT * FROM prompt_logs", OTHER_TABLE],
    ["SELECT * FROM organizations", OTHER_TABLE],
    ["SELECT name, sql FROM sqlite_master", OTHER_TABLE],
    ['SELECT * FROM "sqlite_schema"', OTHER_TABLE],
    ["SELECT * FROM pragma_table_info('api_keys')", /table-valued function pragma_table_info/],
    ["SELECT * FROM json_each('[1,2]')", /table-valued function json_each/],
    ["SELECT * FROM main.logs", /^Schema-qualified names are not allowed/],
    ["PRAGMA table_info(api_keys)", "Only SELECT queries are allowed (found PRAGMA)"],
    ["ATTACH DATABASE 'file:x' AS x", "Only SELECT queries are allowed (found ATTACH)"],
    ["DELETE FROM logs", "Only SELECT queries are allowed (found DELETE)"],
    ["SELECT 1; DELETE FROM logs", ONE_STATEMENT],
    ["SELECT 1 /* */; DROP TABLE x -- ", ONE_STATEMENT],
    ["SELECT count(*) FROM logs; SELECT * FROM api_keys", ONE_STATEMENT],
    ["SELECT prompt FROM logs UNION SELECT key_hash FROM api_keys", OTHER_TABLE],
    ["SELECT count(*) FROM logs WHERE id IN (SELECT id FROM api_keys)", /^Subqueries are only allowed in FROM/],
    ["SELECT (SELECT count(*) FROM logs) FROM logs", /^Subqueries are only allowed in FROM/],
    ["SELECT count(*) FROM logs WHERE EXISTS (SELECT 1 FROM logs)", /^Subqueries are only allowed in FROM/],
    ["SELECT * FROM (SELECT * FROM api_keys)", OTHER_TABLE],
    ["WITH k AS (SELECT * FROM api_keys) SELECT * FROM k", OTHER_TABLE],
    ["WITH logs AS (SELECT * FROM api_keys) SELECT * FROM logs", "The name logs is reserved; give the CTE another name"],
    [
      "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c",
      "Recursive CTEs (WITH RECURSIVE) are not allowed",
    ],
    ["WITH c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c", "Recursive CTEs are not allowed"],
    [
      "WITH a AS (SELECT * FROM logs UNION ALL SELECT * FROM logs), b AS (SELECT * FROM a UNION ALL SELECT * FROM a), c AS (SELECT * FROM b UNION ALL SELECT * FROM b) SELECT count(*) FROM c",
      "The query reads logs 8 times; at most 4 are allowed",
    ],
    ["SELECT count(*) FROM logs a, logs b", /^Joins are not allowed/],
    ["SELECT count(*) FROM logs a CROSS JOIN logs b", /^Joins are not allowed|^Syntax error/],
    ["SELECT count(*) FROM logs a JOIN logs b ON a.id <> b.id", /^Joins are not allowed/],
    ["SELECT randomblob(1000000000)", "Function randomblob is not allowed"],
    ["SELECT zeroblob(1000000000)", "Function zeroblob is not allowed"],
    ["SELECT load_extension('/tmp/x.so')", "Function load_extension is not allowed"],
    ["SELECT sqlite_version()", "Function sqlite_version is not allowed"],
    ["SELECT printf('%.*c', 1000000000, 'x')", "Function printf is not allowed"],
    ["SELECT group_concat(prompt) FROM logs", "Function group_concat is not allowed"],
    ["SELECT count(*) FROM logs WHERE prompt LIKE response", /^LIKE needs a quoted pattern/],
    ["SELECT count(*) FROM logs WHERE prompt REGEXP 'a'", "Operator REGEXP is not allowed"],
    ["SELECT sum(instr(prompt, response)) FROM logs", "instr() needs quoted text of at most 200 characters as argument 2"],
    [
      "SELECT length(replace(replace(prompt, 'a', prompt), 'a', prompt)) FROM logs",
      "replace() needs quoted text of at most 200 characters as argument 3",
    ],
    [`SELECT count(*) FROM logs WHERE prompt LIKE '${"%a".repeat(101)}'`, /^LIKE needs a quoted pattern/],
    // The parser reads \' as an escaped quote and SQLite does not: a differential we refuse outright.
    ["SELECT 'a\\', (SELECT key_hash FROM api_keys), \\'b' FROM logs", "Backslashes are not allowed in metric queries"],
    ['SELECT count(*) AS `a"b` FROM logs', /^Names may not contain quotes/],
    ["SELECT count(*) FROM logs WHERE flag_statu = 'critical'", /^Unknown column flag_statu; logs has id, created_at/],
    ["SELECT org_id FROM logs", /^Unknown column org_id/],
    ["SELECT * FROM logs WHERE", /^Syntax error/],
    [`SELECT ${"1 + ".repeat(1000)}1 FROM logs`, "Query must be at most 4000 characters"],
    [`SELECT ${"abs(".repeat(120)}1${")".repeat(120)} FROM logs`, "The query is nested too deeply"],
  ] as const)("%#: %s", (query, expected) => {
    const message = refusal(query);
    if (typeof expected === "string") expect(message).toBe(expected);
    else expect(message).toMatch(expected);
  });
});

describe("prepareMetricQuery accepts", () => {
  it.each([
    ["SELECT count(*) FROM logs WHERE flag_status = 'critical'", `SELECT COUNT(*) FROM "logs" WHERE "flag_status" = 'critical'`],
    [
      "select 100.0 * sum(flag_status <> 'safe') / count(*) as pct from logs;",
      `SELECT 100.0 * sum("flag_status" <> 'safe') / COUNT(*) AS "pct" FROM "logs"`,
    ],
    [
      "SELECT model, count(*) AS n FROM logs /* per model */ GROUP BY model ORDER BY n DESC -- biggest first",
      `SELECT "model", COUNT(*) AS "n" FROM "logs" GROUP BY "model" ORDER BY "n" DESC`,
    ],
    [
      "WITH recent AS (SELECT model, token_count FROM logs WHERE created_at > 0) SELECT model, avg(token_count) FROM recent GROUP BY 1",
      `WITH "recent" AS (SELECT "model", "token_count" FROM "logs" WHERE "created_at" > 0) SELECT "model", AVG("token_count") FROM "recent" GROUP BY 1`,
    ],
    [
      "SELECT d, n FROM (SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS d, count(*) AS n FROM logs GROUP BY d)",
      `SELECT "d", "n" FROM (SELECT strftime('%Y-%m-%d', "created_at" / 1000, 'unixepoch') AS "d", COUNT(*) AS "n" FROM "logs" GROUP BY "d")`,
    ],
    [
      "SELECT json_array_length(flag_reasons), CASE WHEN token_count > 1000 THEN 'big' ELSE 'small' END, iif(latency_ms IS NULL, 0, 1) FROM logs",
      `SELECT json_array_length("flag_reasons"), CASE WHEN "token_count" > 1000 THEN 'big' ELSE 'small' END, iif("latency_ms" IS NULL, 0, 1) FROM "logs"`,
    ],
    [
      "SELECT replace(model, '-', ' '), count(*) FROM logs WHERE instr(prompt, 'password') > 0 GROUP BY 1",
      `SELECT replace("model", '-', ' '), COUNT(*) FROM "logs" WHERE instr("prompt", 'password') > 0 GROUP BY 1`,
    ],
  ])("%s", (query, regenerated) => {
    expect(prepareMetricQuery(query).sql).toBe(regenerated);
  });
});

// docs/custom-metric-sql.md#bounded-cost: work is bounded by construction. Each attack below reached out-of-memory (or
// was on its way) on the shared database before; now it is refused before anything runs.
const growth = (n: number) => `The query could build values ${n} times the size of a log's text; at most 4 are allowed`;
const doubling = (levels: number, base = "SELECT prompt || prompt AS x FROM logs") =>
  `WITH l0 AS (${base})${Array.from({ length: levels }, (_, i) => `, l${i + 1} AS (SELECT x || x AS x FROM l${i})`).join("")} SELECT length(x) FROM l${levels}`;
const A200 = "a".repeat(200);

describe("prepareMetricQuery bounds the work a query can do", () => {
  it.each([
    ["a CTE chain doubling a string per level", doubling(4), growth(8)],
    [
      "a doubling chain that starts from a literal and never reads logs",
      doubling(8, "SELECT 'aaaaaaaaaaaaaaaa' AS x"),
      "A query may define at most 8 CTEs",
    ],
    [
      "doubling through nested subqueries",
      "SELECT length(x) FROM (SELECT x || x AS x FROM (SELECT x || x AS x FROM (SELECT prompt || prompt AS x FROM logs)))",
      growth(8),
    ],
    ["nested replace()", `SELECT length(replace(replace(prompt, 'a', '${"a".repeat(10)}'), 'a', 'aa')) FROM logs`, growth(10)],
    [
      "replace() chained through CTEs",
      "WITH a AS (SELECT replace(prompt, 'a', 'aaaa') AS x FROM logs), b AS (SELECT replace(x, 'a', 'aaaa') AS x FROM a) SELECT length(x) FROM b",
      growth(16),
    ],
    ["replace() by a multi-byte replacement", `SELECT length(replace(prompt, 'a', '${"\u{1F600}".repeat(5)}')) FROM logs`, growth(20)],
    [
      "nested replace() of a literal",
      `SELECT length(replace(replace(replace('aaaaaaaaaaaaaaaa', 'a', '${A200}'), 'a', '${A200}'), 'a', '${A200}')) FROM logs`,
      growth(640),
    ],
    ["json_extract() with many paths", `SELECT json_extract(prompt${", '$'".repeat(9)}) FROM logs`, growth(18)],
    ["a long concatenation", `SELECT ${Array(5).fill("prompt").join(" || ")} FROM logs`, growth(5)],
    ["an alias grown again in WHERE", "SELECT prompt || prompt AS x FROM logs WHERE length(x || x || x) > 0", growth(6)],
    [
      "growth hidden in CAST and unary plus",
      "SELECT CAST(+(x || x) AS TEXT) FROM (SELECT CAST(prompt || prompt AS TEXT) || model AS x FROM logs)",
      growth(6),
    ],
    [
      'a column named in double quotes (the parser reads "x" as a string)',
      'WITH a AS (SELECT prompt || prompt AS x FROM logs) SELECT "x" || "x" || "x" FROM a',
      growth(6),
    ],
    ["growth inside max()", "WITH a AS (SELECT max(prompt || prompt || prompt) AS x FROM logs) SELECT x || x FROM a", growth(6)],
    [
      "a union of grown branches read again",
      "WITH a AS (SELECT prompt AS x FROM logs UNION ALL SELECT prompt || prompt || prompt AS x FROM logs) SELECT x || x FROM a",
      growth(6),
    ],
    [
      "more CTEs than allowed",
      `WITH ${Array.from({ length: 9 }, (_, i) => `c${i} AS (SELECT 1 AS x)`).join(", ")} SELECT * FROM c8`,
      "A query may define at most 8 CTEs",
    ],
    [
      "SELECTs nested too deep",
      `SELECT * FROM ${"(SELECT * FROM ".repeat(5)}logs${")".repeat(5)}`,
      "SELECTs may be nested at most 4 deep (CTEs and subqueries in FROM count)",
    ],
    ["expressions nested too deep", `SELECT ${"coalesce(".repeat(40)}1${")".repeat(40)} FROM logs`, "The query is nested too deeply"],
    ["too many result columns", `SELECT ${Array(33).fill("1").join(", ")} FROM logs`, "A SELECT may answer at most 32 columns"],
    ["hex() doubling", "SELECT hex(prompt) FROM logs", "Function hex is not allowed"],
    ["char() building text", "SELECT char(65, 66) FROM logs", "Function char is not allowed"],
    ["quote()", "SELECT quote(prompt) FROM logs", "Function quote is not allowed"],
    ["printf() padding", "SELECT printf('%1000000000d', 1) FROM logs", "Function printf is not allowed"],
    ["zeroblob()", "SELECT length(zeroblob(2000000000))", "Function zeroblob is not allowed"],
    [
      "strftime() with a computed format",
      "SELECT strftime(prompt || prompt, 'now') FROM logs",
      "strftime() needs quoted text of at most 200 characters as argument 1",
    ],
  ])("%s", (_name, query, expected) => {
    expect(refusal(query)).toBe(expected);
  });

  it.each([
    ["labels built from several columns", "SELECT model || ' / ' || coalesce(source, '-'), count(*) FROM logs GROUP BY 1"],
    [
      "a CTE chain that does not grow",
      "WITH a AS (SELECT lower(model) AS m FROM logs), b AS (SELECT replace(m, '-', ' ') AS m FROM a) SELECT m, count(*) FROM b GROUP BY m",
    ],
    ["the growth limit itself", `SELECT length(${Array(4).fill("prompt").join(" || ")}) FROM logs`],
    ["a long literal label", `SELECT '${"x".repeat(180)}' || model || '${"y".repeat(180)}', count(*) FROM logs GROUP BY model`],
    // The examples the create dialog offers (web/src/features/advanced-analytics/CreateMetricDialog.tsx).
    ["the number example", "SELECT count(*) FROM logs WHERE flag_status = 'critical'"],
    [
      "the line example",
      "SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS day, count(*) FROM logs GROUP BY day ORDER BY day",
    ],
    ["the bar example", "SELECT model, count(*) AS n FROM logs GROUP BY model ORDER BY n DESC"],
    ["the pie example", "SELECT flag_status, count(*) FROM logs GROUP BY flag_status"],
    [
      "a per-hour critical share",
      "SELECT strftime('%Y-%m-%d %H:00', created_at / 1000, 'unixepoch') AS h, 100.0 * sum(flag_status = 'critical') / count(*) FROM logs GROUP BY h ORDER BY h",
    ],
  ])("still accepts %s", (_name, query) => {
    expect(() => prepareMetricQuery(query)).not.toThrow();
  });
});

describe("prepareMetricQuery tells whether a query may read a log's texts (run.ts reads the rest from log_facts)", () => {
  it.each([
    ["SELECT count(*) FROM logs", false],
    ["SELECT 100.0 * sum(model LIKE 'gpt-4%') / count(*) AS value FROM logs", false],
    ["SELECT flag_status, count(*), avg(latency_ms) FROM logs GROUP BY flag_status", false],
    ["WITH x AS (SELECT user_id, token_count FROM logs) SELECT user_id, sum(token_count) FROM x GROUP BY user_id", false],
    ["SELECT prompt FROM logs", true],
    ["SELECT count(*) FROM logs WHERE \"Response\" LIKE '%refund%'", true],
    ["SELECT logs.metadata FROM logs", true],
    ["SELECT length(PROMPT) FROM logs", true],
    ["SELECT * FROM logs", true],
    ["SELECT logs.* FROM logs", true],
    ["WITH x AS (SELECT * FROM logs) SELECT count(*) FROM x", true],
    ["WITH x AS (SELECT prompt AS p FROM logs) SELECT count(p) FROM x", true],
  ])("%s → %s", (query, readsText) => {
    expect(prepareMetricQuery(query).readsText).toBe(readsText);
  });
});
