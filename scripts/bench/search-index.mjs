// How big the search index is and what each way of making it smaller costs (docs/data.md#index-size):
// builds the same realistic logs (the fill's own generator, scripts/bench/lib/realistic-logs.mjs, plus
// a share of Chinese / Japanese text) into one SQLite file per index design, each with every
// migration of the repository and its search index (prompt_logs_trigrams) replaced by the design's
// (bench_fts, created here), then measures on each:
// index bytes against the text bytes it indexes (dbstat), insert throughput (transactions of
// --batch logs, each ending with the indexing of its queued logs as the product's writes do), and
// search p50 / p95 for a common word, a rare word, a word absent but made of common trigrams, no
// match, CJK, a two-character term, and the searched count (capped at 10,001 as the product caps it).
// Every figure is also given as a ratio to the baseline design in the same run.
//
// Designs (--designs, comma-separated; default all):
//  full     trigram, detail=full, contentless (what the product's index kept before it dropped
//           positions); a term is an FTS5 phrase. The baseline of the ratios.
//  column   detail=column: FTS5 refuses phrases below detail=full, so a term is its trigrams ANDed,
//           then checked on the stored log (lib/trigram-query.mjs, the product's; the index only narrows the candidates)
//  none     detail=none, the same trigrams ANDed and check: the product's index since 0021 (prompt_logs_trigrams)
//  cdelete  detail=full with contentless_delete=1 (deletes without the old text)
//  head     detail=full over the first --head characters of each text only; logs with a longer
//           text are also scanned whole for the term (it may lie past the head)
//
// Usage: npm run bench:search-index -- [--logs 100000] [--runs 20] [--batch 100] [--head 1024] [--dir DIR] [--designs full,none]
// The files are kept in --dir (default a new temporary folder) and reused when they exist.
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ulid } from "ulidx";
import { tsImport } from "tsx/esm/api";
import { arg, int } from "../lib/cli-args.mjs";
import { openSqlite } from "./lib/d1-sqlite.mjs";
import { logGenerator, SEARCH_WORDS } from "./lib/realistic-logs.mjs";
import { searchTerms, trigramSearch } from "./lib/trigram-query.mjs";

const LOGS = int("logs", 100_000);
const RUNS = int("runs", 20);
const BATCH = int("batch", 100);
const HEAD = int("head", 1024);
const DIR = arg("dir") ?? mkdtempSync(path.join(os.tmpdir(), "search-index-"));
mkdirSync(DIR, { recursive: true });
const DESIGNS = (arg("designs") ?? "full,column,none,cdelete,head").split(",");
const ORG = "org_bench_000";
const root = path.resolve(import.meta.dirname, "../..");
const { TENANT_SHIFT, TENANT_TOP } = await tsImport("@promptsentry/schema/constants/search", import.meta.url);

/** The FTS5 table of each design, and what it indexes of a log's text. */
const DESIGN = {
  full: { options: "", text: (c) => c, phrase: true },
  column: { options: ", detail=column", text: (c) => c, phrase: false },
  none: { options: ", detail=none", text: (c) => c, phrase: false },
  cdelete: { options: ", contentless_delete=1", text: (c) => c, phrase: true },
  head: { options: "", text: (c) => `substr(${c}, 1, ${HEAD})`, phrase: true },
};
for (const d of DESIGNS) if (!DESIGN[d]) throw new Error(`unknown design ${d}`);

// A share of logs in Chinese and Japanese, as teams serving those users store them.
const CJK = [
  "请帮我查询北京的天气预报，谢谢。",
  "東京駅への行き方を教えてください。",
  "我们的客户服务热线今天很忙。",
  "注文番号を確認してください。",
];
const CJK_EVERY = 20;

const BLOCK = 1n << BigInt(TENANT_SHIFT); // the one organization is tenant 1

function build(design) {
  const file = path.join(DIR, `${design}.sqlite`);
  if (existsSync(file)) return { file, db: openSqlite(file), rowsPerSecond: null };
  const db = openSqlite(file);
  const journal = JSON.parse(readFileSync(path.join(root, "schema/migrations/meta/_journal.json"), "utf8"));
  for (const { tag } of journal.entries)
    db.exec(readFileSync(path.join(root, `schema/migrations/${tag}.sql`), "utf8").replaceAll("--> statement-breakpoint", ""));
  const d = DESIGN[design];
  db.exec(`DROP TABLE prompt_logs_trigrams;
    CREATE VIRTUAL TABLE bench_fts USING fts5(prompt, response, content=''${d.options}, tokenize='trigram remove_diacritics 1')`);
  db.prepare("INSERT INTO organizations (id, name, email, plan, created_at) VALUES (?, 'Bench', 'bench@example.com', 'enterprise', ?)").run(
    ORG,
    Date.now(),
  );
  // What ends every write of logs (schema/search-backfill.ts), with this design's text.
  const indexQueued = [
    `INSERT INTO bench_fts (rowid, prompt, response)
     SELECT (t.tenant_no << ${TENANT_SHIFT}) + ${TENANT_TOP} - p.rowid, ${d.text("p.prompt")}, ${d.text("p.response")}
     FROM search_queue q JOIN prompt_logs p ON p.rowid = q.log_rowid JOIN search_tenants t ON t.org_id = p.org_id`,
    "DELETE FROM search_queue",
  ];
  const insert = db.prepare(`INSERT INTO prompt_logs (id, org_id, created_at, model, user_id, session_id, prompt, response,
    token_count, latency_ms, source, flag_status, flag_reasons, findings, redaction_mode) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '[]', 'credentials')`);
  return { file, db, insert, indexQueued };
}

// ── Fill: the same logs into every design, interleaved batch by batch so each shares the machine's load ──
const built = Object.fromEntries(DESIGNS.map((d) => [d, build(d)]));
const toFill = DESIGNS.filter((d) => built[d].insert);
if (toFill.length) {
  const gen = await logGenerator();
  const now = Date.now();
  const span = 30 * 86_400_000;
  const spent = Object.fromEntries(toFill.map((d) => [d, 0]));
  for (let i = 0; i < LOGS; i += BATCH) {
    const rows = [];
    for (let j = i; j < Math.min(LOGS, i + BATCH); j++) {
      const log = gen.next();
      const t = now - span + Math.floor((j / LOGS) * span);
      const prompt = j % CJK_EVERY === 0 ? `${CJK[(j / CJK_EVERY) % CJK.length]}${log.prompt}` : log.prompt;
      const flag = j % 10 === 0 ? "warning" : "safe";
      rows.push([
        ulid(t),
        ORG,
        t,
        log.model,
        log.userId,
        log.sessionId,
        prompt,
        log.response,
        log.tokenCount,
        log.latencyMs,
        log.source,
        flag,
        "[]",
      ]);
    }
    for (const d of toFill) {
      const { db, insert, indexQueued } = built[d];
      const started = performance.now();
      db.exec("BEGIN");
      for (const row of rows) insert.run(...row);
      for (const s of indexQueued) db.exec(s);
      db.exec("COMMIT");
      spent[d] += performance.now() - started;
    }
    if ((i + BATCH) % 20_000 === 0) console.log(`  ${(i + BATCH).toLocaleString("en-US")} logs`);
  }
  for (const d of toFill) built[d].rowsPerSecond = LOGS / (spent[d] / 1000);
}

// ── Size ─────────────────────────────────────────────────────────────────────
/** Bytes of text indexed, of the index's pages (its shadow tables) and of the logs' own pages. */
function sizes(db) {
  const { text } = db.prepare("SELECT sum(octet_length(prompt) + octet_length(response)) AS text FROM prompt_logs").get();
  const { idx } = db.prepare("SELECT sum(pgsize) AS idx FROM dbstat WHERE name LIKE 'bench_fts%'").get();
  const { logs } = db.prepare("SELECT sum(pgsize) AS logs FROM dbstat WHERE name = 'prompt_logs'").get();
  return { text, index: idx, logs };
}

// ── Queries ──────────────────────────────────────────────────────────────────
const sqlString = (s) => `'${s.replace(/'/g, "''")}'`;
/** An index with positions: each term an exact phrase (`"` doubled), all must match. */
const phrases = (terms) => terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(" ");
/** The MATCH expression and the verifying condition on the log (p) for a search, by design. */
function plan(design, search) {
  const terms = searchTerms(search);
  const indexed = terms.filter((t) => [...t].length >= 3);
  const short = terms.filter((t) => [...t].length < 3);
  const d = DESIGN[design];
  const positionless = d.phrase ? null : trigramSearch(indexed, ["p.prompt", "p.response"]);
  const match = indexed.length ? (positionless ? positionless.match : phrases(indexed)) : null;
  const has = (needle) => `(instr(lower(p.prompt), ${sqlString(needle)}) > 0 OR instr(lower(p.response), ${sqlString(needle)}) > 0)`;
  const verify = [...(positionless?.verify ? [positionless.verify] : []), ...short.map((t) => has(t.toLowerCase()))];
  // head: a log with a text longer than the head is also scanned whole (a term may lie past the head).
  const tail =
    design === "head" && indexed.length
      ? `(length(p.prompt) > ${HEAD} OR length(p.response) > ${HEAD}) AND ${indexed.map((t) => has(t.toLowerCase())).join(" AND ")}`
      : null;
  return { match, verify: verify.length ? verify.join(" AND ") : "1", tail };
}

function queries(design, db) {
  const page = (search) => {
    const { match, verify, tail } = plan(design, search);
    if (!match) {
      const s = db.prepare(
        `SELECT p.id FROM prompt_logs p WHERE p.org_id = ? AND ${verify} ORDER BY p.created_at DESC, p.id DESC LIMIT 50`,
      );
      return () => s.all(ORG).length;
    }
    const indexed = `SELECT ${BLOCK} + ${TENANT_TOP} - f.rowid AS r FROM bench_fts f CROSS JOIN prompt_logs p ON p.rowid = ${BLOCK} + ${TENANT_TOP} - f.rowid
      WHERE bench_fts MATCH ? AND f.rowid BETWEEN ${BLOCK} AND ${BLOCK} + ${TENANT_TOP} AND p.org_id = ? AND ${verify} ORDER BY f.rowid LIMIT 50`;
    const s = tail
      ? db.prepare(`SELECT r FROM (SELECT * FROM (${indexed}) UNION SELECT * FROM (SELECT p.rowid AS r FROM prompt_logs p
          WHERE p.org_id = ? AND ${tail} ORDER BY p.rowid DESC LIMIT 50)) ORDER BY r DESC LIMIT 50`)
      : db.prepare(indexed);
    return () => (tail ? s.all(match, ORG, ORG) : s.all(match, ORG)).length;
  };
  const count = (search) => {
    const { match, verify, tail } = plan(design, search);
    const join = verify === "1" ? "" : `CROSS JOIN prompt_logs p ON p.rowid = ${BLOCK} + ${TENANT_TOP} - f.rowid`;
    const hits = `SELECT f.rowid FROM bench_fts f ${join} WHERE bench_fts MATCH ? AND f.rowid BETWEEN ${BLOCK} AND ${BLOCK} + ${TENANT_TOP} AND ${verify}`;
    const s = tail
      ? db.prepare(`SELECT count(*) AS n FROM (SELECT ${BLOCK} + ${TENANT_TOP} - rowid FROM (${hits})
          UNION SELECT p.rowid FROM prompt_logs p WHERE p.org_id = ? AND ${tail} LIMIT 10001)`)
      : db.prepare(`SELECT count(*) AS n FROM (${hits} LIMIT 10001)`);
    return () => (tail ? s.get(match, ORG) : s.get(match)).n;
  };
  return [
    [`search "${SEARCH_WORDS.common}" (common)`, page(SEARCH_WORDS.common)],
    [`search "${SEARCH_WORDS.rare}" (rare)`, page(SEARCH_WORDS.rare)],
    [`search "${SEARCH_WORDS.none}" (no match)`, page(SEARCH_WORDS.none)],
    ['search "stomerer" (no match, common trigrams)', page("stomerer")],
    ['search "customer account" (two words)', page("customer account")],
    ['search "天气预报" (CJK)', page("天气预报")],
    ['search "東京" (two characters)', page("東京")],
    [`count "${SEARCH_WORDS.common}"`, count(SEARCH_WORDS.common)],
    [`count "${SEARCH_WORDS.rare}"`, count(SEARCH_WORDS.rare)],
    [`count "stomerer"`, count("stomerer")],
  ];
}

const quantiles = (ms) => {
  ms.sort((a, b) => a - b);
  return { p50: ms[Math.floor(ms.length / 2)], p95: ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.95))] };
};
const sets = Object.fromEntries(DESIGNS.map((d) => [d, queries(d, built[d].db)]));
const names = sets[DESIGNS[0]].map(([n]) => n);
const results = Object.fromEntries(DESIGNS.map((d) => [d, []]));
for (let q = 0; q < names.length; q++) {
  const ms = Object.fromEntries(DESIGNS.map((d) => [d, []]));
  const answers = {};
  // Designs take turns run by run, so each sees the same minutes of the machine's load.
  for (let i = 0; i < RUNS + 2; i++)
    for (const d of DESIGNS) {
      const t = performance.now();
      answers[d] = sets[d][q][1]();
      if (i >= 2) ms[d].push(performance.now() - t);
    }
  for (const d of DESIGNS) results[d].push({ ...quantiles(ms[d]), answer: answers[d] });
}

// ── Report ───────────────────────────────────────────────────────────────────
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(", ");
const base = DESIGNS.includes("full") ? "full" : DESIGNS[0];
const measured = Object.fromEntries(DESIGNS.map((d) => [d, sizes(built[d].db)]));
const f1 = (x) => x.toFixed(1);
const ratio = (a, b) => (b ? `${(a / b).toFixed(2)}×` : "");
console.log(
  `\n${LOGS.toLocaleString("en-US")} logs, ${RUNS} runs each after 2 warm-ups, designs in turns; load average ${load}; files in ${DIR}`,
);
console.log(`ratios are to "${base}" (the baseline) in this run\n`);
console.log("| design | index MB | index / text | logs MB | insert logs/s | insert vs baseline |\n|---|---:|---:|---:|---:|---:|");
for (const d of DESIGNS) {
  const m = measured[d];
  const rps = built[d].rowsPerSecond;
  console.log(
    `| ${d} | ${f1(m.index / 1e6)} | ${(m.index / m.text).toFixed(2)}× (${ratio(m.index, measured[base].index)} of baseline) | ${f1(m.logs / 1e6)} | ${rps ? rps.toFixed(0) : "(reused file)"} | ${rps && built[base].rowsPerSecond ? ratio(rps, built[base].rowsPerSecond) : ""} |`,
  );
}
console.log(`\ntext indexed: ${f1(measured[base].text / 1e6)} MB of prompt and response\n`);
console.log(`| query | ${DESIGNS.map((d) => `${d} p50 / p95 ms (p95 vs baseline)`).join(" | ")} | answer |`);
console.log(`|---|${DESIGNS.map(() => "---:").join("|")}|---|`);
for (let q = 0; q < names.length; q++) {
  const cells = DESIGNS.map((d) => {
    const r = results[d][q];
    return `${f1(r.p50)} / ${f1(r.p95)}${d === base ? "" : ` (${ratio(r.p95, results[base][q].p95)})`}`;
  });
  const answers = [...new Set(DESIGNS.map((d) => results[d][q].answer))].join(" / ");
  console.log(`| ${names[q]} | ${cells.join(" | ")} | ${answers} |`);
}
for (const d of DESIGNS) built[d].db.close();
