// Property (docs/custom-metric-sql.md#only-the-callers-logs): however a name is spelled (ASCII case, Unicode look-alikes that
// JavaScript folds onto ASCII, quoting styles, schema prefixes, comments and whitespace), a metric
// query the policy accepts reads no table but prompt_logs, bound to the caller's organization.
// SQLite itself is the judge: every accepted statement is EXPLAINed and each table it opens is looked
// up in sqlite_master, and the statement is run as org A while org B's secrets sit in every table.
import { env } from "cloudflare:test";
import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { call, dataD1, dataDb, insertLogs, orgShard, placeOnShard, registerOrg, type TestOrg } from "../../test/helpers";
import { logsCte, metricStatement, runMetricSql } from "./run";
import { MetricQueryError, prepareMetricQuery } from "./sandbox";

/** Characters JavaScript case-folds onto ASCII letters (SQLite does not). */
const JS_FOLDS: Record<string, string[]> = {
  k: ["\u212A"], // KELVIN SIGN: lowercases to k
  s: ["\u017F"], // LATIN SMALL LETTER LONG S: uppercases to S
  i: ["\u0130", "\u0131"], // İ lowercases to i + U+0307; ı uppercases to I
};
/** Characters that only look like ASCII letters. */
const LOOK_ALIKES: Record<string, string[]> = { a: ["\u0430", "\uFF41"], e: ["\u0435"], o: ["\u043E"], l: ["\u217C"], g: ["\u0261"] };
const PADDING = [" ", "  ", "\n", "\t", " /**/ ", " /* logs */ ", " -- c\n"];
/** The tables that hold other organizations' secrets get the most attention. */
const SECRET_TABLES = ["api_keys", "webhooks", "webhook_deliveries", "integrations", "team_members"];

type Mode = "ascii" | "folds" | "any";
const letter = (c: string, mode: Mode) =>
  fc.constantFrom(c, c.toUpperCase(), ...(mode === "ascii" ? [] : (JS_FOLDS[c] ?? [])), ...(mode === "any" ? (LOOK_ALIKES[c] ?? []) : []));
const spelled = (name: string, mode: Mode) => fc.tuple(...[...name].map((c) => letter(c, mode))).map((cs) => cs.join(""));
/** A spelling of `name` as SQL: letter case (and look-alikes, by mode) in any quoting SQLite accepts. */
const plainReference = (name: string, mode: Mode) =>
  fc.tuple(spelled(name, mode), fc.constantFrom("x", '"x"', "`x`")).map(([text, quoting]) => quoting.replace("x", text));
/** An adversarial spelling: look-alikes, odd quoting, a stray character, a schema prefix. */
const trickyReference = (name: string) =>
  fc
    .tuple(
      spelled(name, "any"),
      fc.constantFrom("", "", "\u200B", " "),
      fc.constantFrom("x", '"x"', "`x`", "[x]", "'x'"),
      fc.constantFrom("", "", "main.", "temp.", '"main".', "MAIN ."),
    )
    .map(([text, extra, quoting, schema]) => schema + quoting.replace("x", text + (quoting === "x" ? "" : extra)));
const reference = (name: string) =>
  fc.oneof(
    { arbitrary: plainReference(name, "ascii"), weight: 3 },
    { arbitrary: plainReference(name, "folds"), weight: 2 },
    { arbitrary: trickyReference(name), weight: 2 },
  );

describe("metric SQL property: only the caller's logs are ever read", () => {
  let a: TestOrg;
  let secrets: string[];
  let tables: string[];
  let allowedRoots: Set<number>;
  /** A's data shard, where B's logs are too. */
  let data: Awaited<ReturnType<typeof dataDb>>;

  beforeAll(async () => {
    a = await registerOrg();
    const b = await registerOrg();
    // B's logs in A's database: what keeps them from A's query must be the sandbox, not the shard boundary.
    await placeOnShard(b.orgId, await orgShard(a.orgId));
    data = await dataDb(a.orgId);
    const d1 = await dataD1(a.orgId);
    await insertLogs(a.orgId, [{ model: "gpt-4" }, { model: "claude-3", flagStatus: "critical" }]);
    const marker = `B-LOG-CANARY-${crypto.randomUUID()}`;
    await insertLogs(b.orgId, [{ prompt: marker, response: marker, model: marker }]);
    const hook = await call("POST", "/webhooks", {
      key: b.apiKey,
      body: { name: "B", url: "https://hooks.example.com/b", events: ["flag.detected"] },
    });
    await d1
      .prepare(
        "INSERT INTO webhook_deliveries (id, org_id, webhook_id, message_id, event_type, attempt, success, created_at) VALUES (?, ?, ?, ?, 'flag.detected', 1, 1, ?)",
      )
      .bind(crypto.randomUUID(), b.orgId, hook.body.id, marker, Date.now())
      .run();
    const keyHash = await env.DB.prepare("SELECT key_hash FROM api_keys WHERE org_id = ?").bind(b.orgId).first<string>("key_hash");
    secrets = [marker, hook.body.secret, hook.body.id, b.orgId, keyHash!];
    const master = await d1.prepare("SELECT tbl_name, rootpage FROM sqlite_master").all<{ tbl_name: string; rootpage: number }>();
    tables = [...new Set(master.results.map((r) => r.tbl_name))];
    // prompt_logs, and log_facts (the same logs without their texts) for queries that read no text.
    allowedRoots = new Set(
      master.results.filter((r) => (r.tbl_name === "prompt_logs" || r.tbl_name === "log_facts") && r.rootpage > 0).map((r) => r.rootpage),
    );
  });

  /**
   * SQLite's own view: the b-trees a statement opens (none when SQLite cannot prepare it, e.g. for a
   * column that does not exist: such a statement reads nothing).
   */
  async function tablesOpened(statement: SQL) {
    let plan: [number, string, number, number, number][];
    try {
      plan = await data.values(sql`EXPLAIN ${statement}`);
    } catch {
      return [];
    }
    return plan
      .filter(([, opcode]) => /^(OpenRead|OpenWrite|ReopenIdx|VOpen|OpenDup)$/.test(opcode))
      .map(([, opcode, , root, database]) => ({ opcode, root, database }));
  }

  /** The property for one query text: refused, or it opens only prompt_logs and answers none of B's data. */
  async function readsOnlyOwnLogs(text: string, stats: { accepted: number; refused: number }) {
    let checked: ReturnType<typeof prepareMetricQuery>;
    try {
      checked = prepareMetricQuery(text);
    } catch (error) {
      if (!(error instanceof MetricQueryError)) throw error;
      stats.refused++;
      return;
    }
    stats.accepted++;
    // The checked SQL on its own (what the policy vouches for), and the statement run.ts runs.
    const opened = [
      ...(await tablesOpened(sql`${logsCte(a.orgId, Date.now())} SELECT * FROM (${sql.raw(checked.sql)})`)),
      ...(await tablesOpened(metricStatement(a.orgId, checked, Date.now()))),
      ...(checked.readsText ? [] : await tablesOpened(metricStatement(a.orgId, checked, Date.now(), "log_facts"))),
    ];
    for (const open of opened) {
      expect(["OpenRead", "ReopenIdx"], text).toContain(open.opcode);
      expect(open.database, text).toBe(0);
      expect(allowedRoots.has(open.root), `${text} opens root page ${open.root}`).toBe(true);
    }
    try {
      const result = JSON.stringify(await runMetricSql(data, a.orgId, checked, Date.now()));
      for (const secret of secrets) expect(result, text).not.toContain(secret);
    } catch (error) {
      if (!(error instanceof MetricQueryError)) throw error;
    }
  }

  it("a CTE spelled like a real table never hides that table from the checker", async () => {
    const stats = { accepted: 0, refused: 0 };
    const shadowing = fc
      .oneof({ arbitrary: fc.constantFrom(...SECRET_TABLES), weight: 3 }, { arbitrary: fc.constantFrom(...tables), weight: 1 })
      .chain((table) => fc.tuple(plainReference(table, "folds"), reference(table), fc.constantFrom(...PADDING), fc.boolean()))
      .map(
        ([cte, table, p, fromLogs]) =>
          `WITH ${cte}(id, key_hash, secret) AS (SELECT ${fromLogs ? "id, 1, 2 FROM logs" : "1, 2, 3"})${p}SELECT * FROM ${table}`,
      );
    await fc.assert(
      fc.asyncProperty(shadowing, (text) => readsOnlyOwnLogs(text, stats)),
      { numRuns: 300 },
    );
  });

  it("whatever the spelling, accepted queries open only prompt_logs and answer only the caller's data", async () => {
    const stats = { accepted: 0, refused: 0 };
    const query = fc
      .tuple(
        fc.oneof(fc.constantFrom(...tables), fc.constant("logs"), fc.constantFrom("recent", "by_model", "kpis")),
        fc.constantFrom(...PADDING),
        fc.nat(6),
      )
      .chain(([target, pad, template]) =>
        fc.tuple(reference(target), reference(target), reference("logs"), fc.constant(pad), fc.constant(template)),
      )
      .map(
        ([t, c, l, p, template]) =>
          [
            `WITH ${c} AS (SELECT * FROM${p}${l}) SELECT * FROM${p}${t}`,
            `WITH ${c}(id) AS (SELECT 1)${p}SELECT * FROM ${t}`,
            `SELECT *${p}FROM ${t}`,
            `SELECT * FROM (SELECT * FROM ${t}${p})`,
            `SELECT ${t.replace(/^.*\./, "")}.id FROM ${l} AS ${c}`,
            `WITH w AS (SELECT * FROM ${l}),${p}${c} AS (SELECT * FROM w) SELECT * FROM ${t}`,
            `SELECT count(*) FROM ${l} UNION ALL SELECT count(*) FROM${p}${t}`,
          ][template],
      );
    await fc.assert(
      fc.asyncProperty(query, (text) => readsOnlyOwnLogs(text, stats)),
      { numRuns: 400 },
    );
    // Not vacuous: many generated spellings were accepted, run, and proved harmless.
    expect(stats.accepted, JSON.stringify(stats)).toBeGreaterThanOrEqual(30);
  });
});
