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
    ["WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c", "Recursive CTEs (WITH RECURSIVE) are not allowed"],
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
    ["SELECT length(replace(replace(prompt, 'a', prompt), 'a', prompt)) FROM logs", "replace() needs quoted text of at most 200 characters as argument 3"],
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
    ["select 100.0 * sum(flag_status <> 'safe') / count(*) as pct from logs;", `SELECT 100.0 * sum("flag_status" <> 'safe') / COUNT(*) AS "pct" FROM "logs"`],
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
