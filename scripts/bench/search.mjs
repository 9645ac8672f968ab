// Search at scale on a database file (docs/data.md#search): fills a SQLite file that has the repository's
// migrations with realistic logs straight through SQL (the same triggers as D1: FTS index, daily
// aggregates), then times the worker's own query modules on it (drizzle-orm/d1 over node:sqlite,
// scripts/bench/lib/d1-sqlite.mjs): search lists (common / rare / no match), searched and unfiltered counts,
// the plain list, stats and trends. No HTTP or workerd around it: these are the queries' own costs.
//
// Usage: npm run bench:search -- --db /tmp/sb/one.sqlite --logs 1000000 [--orgs 1] [--org 0] [--runs 40]
// An existing --db is reused: migrations it lacks are applied first (timed: that is how a migration's
// cost on a large database is measured), then nothing is filled. Tenant independence: fill one file
// with --orgs 1 --logs 100000 and one with --orgs 10 --logs 1000000 and compare organization 0's figures.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/d1";
import { ulid } from "ulidx";
import { tsImport } from "tsx/esm/api";
import { d1Over, openSqlite } from "./lib/d1-sqlite.mjs";
import { arg } from "../lib/cli-args.mjs";

const FILE = arg("db");
if (!FILE) throw new Error("--db <file> is required");
const LOGS = Number(arg("logs", 100_000));
const ORGS = Number(arg("orgs", 1));
const RUNS = Number(arg("runs", 40));
const orgId = (i) => `org_bench_${String(i).padStart(3, "0")}`;
const ORG = orgId(Number(arg("org", 0)));

const root = path.resolve(import.meta.dirname, "../..");
const fresh = !existsSync(FILE);
const sqlite = openSqlite(FILE);

// ── Migrations: the journal's, in order, each once ───────────────────────────
sqlite.exec("CREATE TABLE IF NOT EXISTS bench_migrations (tag TEXT PRIMARY KEY)");
const journal = JSON.parse(readFileSync(path.join(root, "schema/migrations/meta/_journal.json"), "utf8"));
for (const { tag } of journal.entries) {
  if (sqlite.prepare("SELECT 1 FROM bench_migrations WHERE tag = ?").get(tag)) continue;
  const t = performance.now();
  sqlite.exec("BEGIN");
  sqlite.exec(readFileSync(path.join(root, `schema/migrations/${tag}.sql`), "utf8").replaceAll("--> statement-breakpoint", ""));
  sqlite.prepare("INSERT INTO bench_migrations VALUES (?)").run(tag);
  sqlite.exec("COMMIT");
  if (!fresh) console.log(`applied ${tag} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

// ── Fill ────────────────────────────────────────────────────────────────────
if (fresh) {
  const { rng, demoLog } = await tsImport("../lib/seed-data.ts", import.meta.url);
  const r = rng(11);
  const users = Array.from({ length: 250 }, (_, i) => `user_${(i * 7919).toString(36)}`);
  const context = Array.from({ length: 400 }, () => demoLog(r, users).prompt);
  const lengthBetween = (min, max) => Math.round(Math.exp(Math.log(min) + r.next() * (Math.log(max) - Math.log(min))));
  const fit = (text, length) => {
    let out = text;
    while (out.length < length) out += `\n\n${r.pick(context)}`;
    return out.length > length ? out.slice(0, length) : out;
  };
  const now = Date.now();
  for (let o = 0; o < ORGS; o++)
    sqlite
      .prepare("INSERT INTO organizations (id, name, email, plan, created_at) VALUES (?, ?, ?, 'enterprise', ?)")
      .run(orgId(o), `Bench ${o}`, `bench${o}@example.com`, now - 40 * 86_400_000);
  // Each transaction ends as the product's writes do: the logs the insert trigger queued are indexed.
  const { INDEX_QUEUED_LOGS } = await tsImport("@promptsentry/schema/search-backfill", import.meta.url);
  const indexQueued = () => {
    for (const statement of INDEX_QUEUED_LOGS) sqlite.exec(statement);
  };
  const insert = sqlite.prepare(`INSERT INTO prompt_logs (id, org_id, created_at, model, user_id, session_id, prompt, response,
    token_count, latency_ms, source, flag_status, flag_reasons, findings, redaction_mode) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '[]', 'credentials')`);
  const span = 30 * 86_400_000;
  const started = performance.now();
  sqlite.exec("BEGIN");
  for (let i = 0; i < LOGS; i++) {
    // Every tenant ingests at once (organizations interleaved), in time order with the small
    // disorder concurrent requests give (a log stamped up to 200 ms before one already stored).
    const t = now - span + Math.floor((i / LOGS) * span) - r.int(0, 200);
    const d = demoLog(r, users);
    const flag = r.next() < 0.1 ? (r.next() < 0.3 ? "critical" : "warning") : "safe";
    insert.run(
      ulid(t),
      orgId(i % ORGS),
      t,
      d.model,
      d.userId,
      d.sessionId,
      fit(d.prompt, lengthBetween(50, 4_000)),
      fit(d.response, lengthBetween(50, 2_000)),
      d.tokenCount,
      d.latencyMs,
      d.source,
      flag,
      flag === "safe" ? "[]" : '["bench"]',
    );
    if (i % 50_000 === 49_999) {
      indexQueued();
      sqlite.exec("COMMIT; BEGIN");
      if (i % 100_000 === 99_999)
        console.log(`  ${(i + 1).toLocaleString("en-US")} rows, ${((i + 1) / ((performance.now() - started) / 1000)).toFixed(0)} rows/s`);
    }
  }
  indexQueued();
  sqlite.exec("COMMIT");
  console.log(
    `filled ${LOGS.toLocaleString("en-US")} logs (${ORGS} organizations) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

// ── Measure ─────────────────────────────────────────────────────────────────
// With --before-db and --before-code (a checkout of the code before, e.g. `git archive <commit>`),
// each query runs alternately on that database with that code and on --db with this code, so both
// columns share the machine's load of the same minutes.
async function target(file, root, handle = openSqlite(file)) {
  const code = (p) => tsImport(path.join(root, p), import.meta.url);
  // The tables are one module in older checkouts, a folder (its index) since schema/ was grouped by concern.
  const tables = existsSync(path.join(root, "schema/tables/index.ts")) ? "schema/tables/index.ts" : "schema/tables.ts";
  const db = drizzle(d1Over(handle), { schema: await code(tables) });
  const { listLogs, userFilter } = await code("worker/src/queries/logs.ts");
  const { countLogs } = await code("worker/src/queries/log-counts.ts");
  const { getStats, getTrends } = await code("worker/src/queries/analytics.ts");
  // One file holds both databases here: control reads (settings) and data reads go to the same one.
  // A user filter is resolved to its stored forms as the route does (code without userFilter takes the id as is).
  const resolved = async (q) => (userFilter ? userFilter(db, ORG, q) : q);
  const list = (q) => async () => listLogs(db, ORG, { limit: 50, ...(await resolved(q)) });
  const counts = (q) => async () => countLogs({ db, data: db }, ORG, await resolved(q));
  const page2 = (search) => async () => {
    const first = await listLogs(db, ORG, { limit: 50, search });
    return listLogs(db, ORG, { limit: 50, search, before: first.at(-1)?.id });
  };
  return {
    handle,
    queries: [
      ["list (50 newest)", list({})],
      ['search "customer" (common)', list({ search: "customer" })],
      ['search "customer", page 2', page2("customer")],
      ['search "customer" + user filter', list({ search: "customer", userId: `user_${(7919).toString(36)}` })],
      ['search "portuguese" (rare)', list({ search: "portuguese" })],
      ['search "zqxjvkwpf" (no match)', list({ search: "zqxjvkwpf" })],
      ["counts, no filter", counts({})],
      ['counts, search "customer"', counts({ search: "customer" })],
      ['counts, search "portuguese"', counts({ search: "portuguese" })],
      ['counts, search "zqxjvkwpf"', counts({ search: "zqxjvkwpf" })],
      ["stats (30 days)", () => getStats(db, ORG, 30)],
      ["trends (30 days)", () => getTrends(db, ORG, 30)],
    ],
  };
}
const describe = (out) =>
  Array.isArray(out)
    ? `${out.length} rows`
    : out && "capped" in out
      ? `${out.total.toLocaleString("en-US")}${out.capped ? "+ (capped)" : ""}`
      : "";
const stats = (ms) => {
  ms.sort((a, b) => a - b);
  return { p50: ms[Math.floor(ms.length / 2)], p95: ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.95))] };
};
const after = await target(FILE, root, sqlite);
const beforeDb = arg("before-db");
const before = beforeDb ? await target(beforeDb, path.resolve(arg("before-code", root))) : null;
const { n: orgLogs } = sqlite.prepare("SELECT count(*) AS n FROM prompt_logs WHERE org_id = ?").get(ORG);
const { n: allLogs } = sqlite.prepare("SELECT count(*) AS n FROM prompt_logs").get();
const rows = [];
for (let q = 0; q < after.queries.length; q++) {
  const sides = before ? [before, after] : [after];
  const ms = sides.map(() => []);
  const out = [];
  for (let i = 0; i < RUNS + 3; i++) {
    for (const [s, side] of sides.entries()) {
      const t = performance.now();
      out[s] = await side.queries[q][1]();
      if (i >= 3) ms[s].push(performance.now() - t);
    }
  }
  rows.push({ name: after.queries[q][0], times: ms.map(stats), notes: out.map(describe) });
}

const load = (await import("node:os"))
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(", ");
console.log(
  `\n${path.basename(FILE)}: organization ${ORG} with ${orgLogs.toLocaleString("en-US")} of ${allLogs.toLocaleString("en-US")} logs; ${RUNS} runs each after 3 warm-ups; load average ${load}`,
);
const f = (x) => x.toFixed(1);
if (before) {
  console.log(`before: ${beforeDb} with ${arg("before-code")}, runs alternating with after`);
  console.log(
    "| query | before p50 / p95 ms | after p50 / p95 ms | p95 after / before | answer (before → after) |\n|---|---:|---:|---:|---|",
  );
  for (const {
    name,
    times: [b, a],
    notes,
  } of rows)
    console.log(
      `| ${name} | ${f(b.p50)} / ${f(b.p95)} | ${f(a.p50)} / ${f(a.p95)} | ${(a.p95 / b.p95).toFixed(2)}× | ${notes[0]} → ${notes[1]} |`,
    );
} else {
  console.log("| query | p50 ms | p95 ms | answer |\n|---|---:|---:|---|");
  for (const {
    name,
    times: [a],
    notes,
  } of rows)
    console.log(`| ${name} | ${f(a.p50)} | ${f(a.p95)} | ${notes[0]} |`);
}
