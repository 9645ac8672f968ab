// `npm run bench`: every row of the performance table (docs/performance.md) in one run, each against a baseline
// measured in the same run, printed and written to docs/performance.md (the section it owns).
//
//   1  single-log POST /api/logs, wrk -c16, vs GET /api/health on the same server (req/s ratio, p99)
//   2  POST /api/logs/batch (100 a request) into the organization at scale, vs the same rows inserted
//      straight into SQLite with the same schema, triggers and FTS (scripts/bench/lib/sqlite-baseline.mjs)
//   3–7  search (common, rare, no match), searched and unfiltered counts, list / stats / trends:
//      p50/p95 of sequential requests next to GET /api/health's; list/stats/trends also at --small
//   8  POST → newPromptLog on the organization's socket, at rest and while 100 logs/s are ingested
//      (alone, on a small dataset, before/after: npm run bench:feed, scripts/bench/feed.mjs)
//   9  search p95 of one organization's --tenant-logs logs alone vs among 10 organizations of that size
//
// Usage: npm run bench -- [--logs 1000000] [--data-dir DIR] [--small 10000] [--tenant-logs 100000]
//          [--seconds 10] [--connections 16] [--runs 40] [--ingest-logs 10000] [--concurrency 6] [--feed-batch 10]
//          [--no-write]
// It starts its own stacks (scripts/dev/start.mjs through scripts/lib/local-stack.mjs, spare loopback
// ports), one at a time, on filled data directories (scripts/bench/lib/datasets.mjs); with --data-dir they
// are kept and reused by later runs, else made in a temporary directory and removed. Only the public
// API, the realtime socket and node:sqlite on schema/migrations are used.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { markdownTable, ms, num, pct, ratio, replaceSection, summarize, verdict } from "./lib/bench-report.mjs";
import { ensureDataset } from "./lib/datasets.mjs";
import { counts, sendBatches } from "./lib/fill.mjs";
import { startLocalStack } from "../lib/local-stack.mjs";
import { timed } from "./lib/query-timings.mjs";
import { logGenerator, RARE_EVERY, SEARCH_WORDS } from "./lib/realistic-logs.mjs";
import { socketLatency } from "./lib/socket-latency.mjs";
import { baselineRows, insertLogs, openBaseline } from "./lib/sqlite-baseline.mjs";
import { ensureWrk, postScript, runWrk } from "./lib/wrk.mjs";
import { arg, argv, int } from "../lib/cli-args.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const LOGS = int("logs", 1_000_000);
const SMALL = int("small", 10_000);
const TENANT_LOGS = int("tenant-logs", Math.min(100_000, Math.max(1, Math.round(LOGS / 10))));
const TENANTS = 10;
const SECONDS = int("seconds", 10);
const CONNECTIONS = int("connections", 16);
const RUNS = int("runs", 40);
const INGEST_LOGS = int("ingest-logs", 10_000);
const CONCURRENCY = int("concurrency", 6);
/** Row 8's background load comes as batches of this many logs (10: many small SDK clients; 100: one SDK's default batch). */
const FEED_BATCH = int("feed-batch", 10);
const WRITE = !argv.includes("--no-write");
const keep = Boolean(arg("data-dir"));
const dataDir = path.resolve(arg("data-dir") ?? mkdtempSync(path.join(tmpdir(), "promptsentry-bench-")));
mkdirSync(dataDir, { recursive: true });
const INTRO = `Written by \`npm run bench\` (\`scripts/bench/full.mjs\`); each run replaces this section. Options:
\`--logs N\` (scale of the measured organization, default 1,000,000), \`--data-dir DIR\` (keep the filled
data there and reuse it: fill once, measure many times; without it a temporary directory is filled and
removed), \`--small N\` (row 7's small size, 10,000), \`--tenant-logs N\` (row 9's logs per
organization, default a tenth of \`--logs\`, at most 100,000), \`--ingest-logs N\` (row 2, 10,000),
\`--seconds\`/\`--connections\` (wrk, 10 s, 16), \`--runs\` (sequential requests per latency, 40),
\`--concurrency\` (batches in flight, 6), \`--feed-batch\` (row 8's background load in batches of this
many, 10), \`--no-write\` (print only). Data is filled through
\`POST /api/logs/batch\` (\`scripts/bench/lib/datasets.mjs\`); the other organizations of row 9 are seeded by
\`scripts/dev/seed.ts\` as \`npm start\` seeds its demo organization.`;
const say = (line) => console.log(line);
const started = new Date();
const loadBefore = loadavg();

ensureWrk();

// ── Data: filled once per --data-dir ────────────────────────────────────────
const main = await ensureDataset(dataDir, 1, LOGS, { concurrency: CONCURRENCY, say });
const small = await ensureDataset(dataDir, 1, SMALL, { concurrency: CONCURRENCY, say });
const alone = await ensureDataset(dataDir, 1, TENANT_LOGS, { concurrency: CONCURRENCY, say });
const among = await ensureDataset(dataDir, TENANTS, TENANT_LOGS, { concurrency: CONCURRENCY, say });

// The baseline database holds the same generated rows as the measured organization (same seed).
const baselineFile = path.join(dataDir, `baseline-${LOGS}.sqlite`);
const baseline = openBaseline(baselineFile);
{
  const have = baselineRows(baseline);
  if (have < LOGS) {
    say(`› filling the straight-SQLite baseline to ${LOGS.toLocaleString("en-US")} rows (${baselineFile})`);
    const generator = await logGenerator({ seed: 11 });
    for (let i = 0; i < have; i++) generator.next();
    for (let done = have; done < LOGS; ) {
      const n = Math.min(100_000, LOGS - done);
      const r = insertLogs(baseline, generator.batch(n));
      done += n;
      say(`    ${done.toLocaleString("en-US")} rows, ${r.rowsPerSecond.toFixed(0)} rows/s`);
    }
  }
}

const results = {};
const headersOf = (key) => ({ authorization: `Bearer ${key}` });
/** p50/p95 of `path` (sequential, after warm-ups) with what the answer says. */
async function read(stack, key, p, describe = () => "") {
  const r = await timed(`${stack.base}/api${p}`, headersOf(key), RUNS);
  return { ...summarize(r.samples), note: describe(JSON.parse(r.body)) };
}
const countNote = (b) => `${b.total.toLocaleString("en-US")}${b.capped ? "+" : ""}`;
const rowsNote = (b) => `${b.length} rows`;

async function withStack(dataset, label, measure) {
  say(`› starting a stack on ${dataset.dir} (${label})`);
  const stack = await startLocalStack({ dir: dataset.dir, portBase: 18_800, timeoutMs: 600_000 });
  try {
    return await measure(stack);
  } finally {
    await stack.stop();
  }
}

// ── Rows 1–8 on the organization at scale ───────────────────────────────────
await withStack(main, `1 organization × ${LOGS.toLocaleString("en-US")}`, async (stack) => {
  const key = main.marker.orgs[0].key;
  results.total = (await counts(stack.base, key)).total;
  // Row 1: wrk, single log per request (a realistic log, each with its own number and user).
  const sample = (await logGenerator({ seed: 5 })).next();
  const template = JSON.stringify({ ...sample, prompt: `${sample.prompt} #{{N}}`, userId: "user_{{U}}", sessionId: null });
  say("› row 1: wrk GET /api/health, then POST /api/logs");
  results.health = runWrk({ url: `${stack.base}/api/health`, seconds: SECONDS, connections: CONNECTIONS });
  results.single = runWrk({
    url: `${stack.base}/api/logs`,
    seconds: SECONDS,
    connections: CONNECTIONS,
    lua: postScript({ requestPath: "/api/logs", headers: { "content-type": "application/json", ...headersOf(key) }, template }),
  });
  say(`  health ${JSON.stringify(results.health)}\n  single ${JSON.stringify(results.single)}`);

  // Row 2: the same prepared rows through the API and straight into SQLite.
  say(`› row 2: ${INGEST_LOGS.toLocaleString("en-US")} logs through /api/logs/batch, then straight into SQLite`);
  const generator = await logGenerator({ seed: 20_000 + Math.floor(Math.random() * 1e6) });
  const logs = generator.batch(INGEST_LOGS);
  const batches = [];
  for (let i = 0; i < logs.length; i += 100) batches.push(logs.slice(i, i + 100));
  results.batch = await sendBatches({ base: stack.base, key, logs: INGEST_LOGS, batches, concurrency: CONCURRENCY });
  results.sqliteRowsBefore = baselineRows(baseline);
  results.sqlite = insertLogs(baseline, logs);
  say(`  API ${results.batch.rowsPerSecond.toFixed(0)} logs/s, SQLite ${results.sqlite.rowsPerSecond.toFixed(0)} rows/s`);

  // Rows 3–7: sequential reads next to the health route.
  say("› rows 3–7: reads");
  const q = {};
  q.health = await read(stack, key, "/health");
  q.common = await read(stack, key, `/logs?limit=50&search=${SEARCH_WORDS.common}`, rowsNote);
  q.rare = await read(stack, key, `/logs?limit=50&search=${SEARCH_WORDS.rare}`, rowsNote);
  q.none = await read(stack, key, `/logs?limit=50&search=${SEARCH_WORDS.none}`, rowsNote);
  q.countsSearch = await read(stack, key, `/logs/counts?search=${SEARCH_WORDS.common}`, countNote);
  q.countsRare = await read(stack, key, `/logs/counts?search=${SEARCH_WORDS.rare}`, countNote);
  q.counts = await read(stack, key, "/logs/counts", countNote);
  q.list = await read(stack, key, "/logs?limit=50", rowsNote);
  q.stats = await read(stack, key, "/stats");
  q.trends = await read(stack, key, "/trends");
  results.reads = q;
  for (const [k, v] of Object.entries(q)) say(`  ${k}: p50 ${num(v.p50)} p95 ${num(v.p95)} ${v.note}`);

  // Row 8: the live feed, at rest and under 100 logs/s (batches of --feed-batch, as SDKs send them).
  say("› row 8: POST → newPromptLog, at rest and while 100 logs/s are ingested");
  const probe = await logGenerator({ seed: 8 });
  results.socketRest = await socketLatency({ base: stack.base, key, makeLog: probe.next });
  results.socketLoad = await socketLatency({
    base: stack.base,
    key,
    makeLog: probe.next,
    background: { logsPerSecond: 100, batchSize: FEED_BATCH, next: probe.next },
  });
  say(`  at rest ${JSON.stringify(results.socketRest)}\n  loaded ${JSON.stringify(results.socketLoad)}`);
});

// ── Row 7 at the small size; row 9: the same organization alone and among 9 others ──
async function tenantSearch(stack, dataset) {
  const key = dataset.marker.orgs[0].key;
  const health = await read(stack, key, "/health");
  const samples = [];
  for (const word of Object.values(SEARCH_WORDS)) {
    const r = await timed(`${stack.base}/api/logs?limit=50&search=${word}`, headersOf(key), RUNS);
    samples.push(...r.samples);
  }
  return { health, search: summarize(samples), total: (await counts(stack.base, key)).total };
}
await withStack(small, `1 organization × ${SMALL.toLocaleString("en-US")}`, async (stack) => {
  const key = small.marker.orgs[0].key;
  results.smallTotal = (await counts(stack.base, key)).total;
  results.smallReads = {
    health: await read(stack, key, "/health"),
    list: await read(stack, key, "/logs?limit=50", rowsNote),
    stats: await read(stack, key, "/stats"),
    trends: await read(stack, key, "/trends"),
  };
  if (alone.dir === small.dir) results.alone = await tenantSearch(stack, alone); // one start fewer
});
results.alone ??= await withStack(alone, `1 organization × ${TENANT_LOGS.toLocaleString("en-US")}`, (stack) => tenantSearch(stack, alone));
results.among = await withStack(among, `${TENANTS} organizations × ${TENANT_LOGS.toLocaleString("en-US")}`, (stack) =>
  tenantSearch(stack, among),
);
baseline.close();
const loadAfter = loadavg();

// ── The table ───────────────────────────────────────────────────────────────
const r = results;
const q = r.reads;
const healthLat = (h) => `health p50 ${num(h.p50)} / p95 ${num(h.p95)} ms`;
const n = (x) => x.toLocaleString("en-US");
const rows = [];
const add = (measure, target, figure, base, met) => rows.push([rows.length + 1, measure, target, figure, base, verdict(met)]);
const singleRatio = r.single.rps / r.health.rps;
add(
  "Single-log `POST /api/logs`, wrk 16 connections, vs `GET /api/health`",
  "≥ 0.6×, p99 ≤ 100 ms",
  `${num(r.single.rps)} req/s = **${ratio(singleRatio)}**, p99 ${ms(r.single.p99)}${r.single.failed ? `, ${r.single.failed} failed` : ""}`,
  `health ${num(r.health.rps)} req/s (p99 ${ms(r.health.p99)})`,
  singleRatio >= 0.6 && r.single.p99 <= 100 && !r.single.failed,
);
const batchShare = r.batch.rowsPerSecond / r.sqlite.rowsPerSecond;
add(
  `Batched ingestion (\`/api/logs/batch\`, 100 a request with an Idempotency-Key as the SDKs send, ${CONCURRENCY} in flight), ${n(INGEST_LOGS)} logs into the organization at ${n(r.total)}`,
  "≥ 10,000 logs/s and ≥ 50% of straight SQLite",
  `${num(r.batch.rowsPerSecond)} logs/s = **${pct(batchShare)}** of SQLite`,
  `straight SQLite: ${num(r.sqlite.rowsPerSecond)} rows/s (same rows, transactions of 100, at ${n(r.sqliteRowsBefore)} rows)`,
  r.batch.rowsPerSecond >= 10_000 && batchShare >= 0.5,
);
add(
  `\`GET /api/logs?search=\` common word ("${SEARCH_WORDS.common}")`,
  "p95 ≤ 50 ms",
  `p50 ${num(q.common.p50)} / **p95 ${ms(q.common.p95)}** (${q.common.note})`,
  healthLat(q.health),
  q.common.p95 <= 50,
);
add(
  `same, rare word ("${SEARCH_WORDS.rare}", 1 log in ${n(RARE_EVERY)}) / no match ("${SEARCH_WORDS.none}")`,
  "p95 ≤ 30 ms",
  `rare p50 ${num(q.rare.p50)} / **p95 ${ms(q.rare.p95)}** (${q.rare.note}); no match p50 ${num(q.none.p50)} / **p95 ${ms(q.none.p95)}**`,
  healthLat(q.health),
  q.rare.p95 <= 30 && q.none.p95 <= 30,
);
add(
  `\`GET /api/logs/counts?search=\` ("${SEARCH_WORDS.common}"; "${SEARCH_WORDS.rare}")`,
  "p95 ≤ 100 ms",
  `**p95 ${ms(q.countsSearch.p95)}** → ${q.countsSearch.note}; rare p95 ${ms(q.countsRare.p95)} → ${q.countsRare.note}`,
  healthLat(q.health),
  q.countsSearch.p95 <= 100 && q.countsRare.p95 <= 100,
);
add(
  "`GET /api/logs/counts` (no filter)",
  "p95 ≤ 20 ms",
  `**p95 ${ms(q.counts.p95)}** → ${q.counts.note}`,
  healthLat(q.health),
  q.counts.p95 <= 20,
);
const sr = r.smallReads;
const grows = ["list", "stats", "trends"].map((k) => q[k].p95 / sr[k].p95);
add(
  `list / stats / trends at ${n(r.total)} vs at ${n(r.smallTotal)}`,
  "p95 ≤ 20 ms each, unchanged as the data grows (≤ 1.2× the small size's)",
  `**p95 ${num(q.list.p95)} / ${num(q.stats.p95)} / ${num(q.trends.p95)} ms**; at ${n(r.smallTotal)}: ${num(sr.list.p95)} / ${num(sr.stats.p95)} / ${num(sr.trends.p95)} ms (${grows.map(ratio).join(" / ")})`,
  `${healthLat(q.health)}; small: ${healthLat(sr.health)}`,
  ["list", "stats", "trends"].every((k) => q[k].p95 <= 20) && grows.every((g) => g <= 1.2),
);
add(
  "POST → `newPromptLog` on the organization's socket (`/api/realtime/token`, WebSocket)",
  "p95 ≤ 100 ms while 100 logs/s are ingested",
  `at rest p50 ${num(r.socketRest.p50)} / p95 ${ms(r.socketRest.p95)}; **under load p50 ${num(r.socketLoad.p50)} / p95 ${ms(r.socketLoad.p95)}** (${num(r.socketLoad.backgroundRate)} logs/s in batches of ${FEED_BATCH} meanwhile${r.socketLoad.lost + r.socketRest.lost ? `; ${r.socketLoad.lost + r.socketRest.lost} probes not delivered 3 s after the last one` : ""})`,
  healthLat(q.health),
  r.socketLoad.p95 <= 100 && !r.socketLoad.lost && r.socketLoad.backgroundRate >= 95,
);
const tenantRatio = r.among.search.p95 / r.alone.search.p95;
add(
  `Search cost vs other tenants' data: 1 org × ${n(TENANT_LOGS)} vs ${TENANTS} orgs × ${n(TENANT_LOGS)} (the measured organization's data identical)`,
  "within 20%",
  `search p95 (3 words × ${RUNS}) alone ${ms(r.alone.search.p95)}, among ${TENANTS} ${ms(r.among.search.p95)} = **${ratio(tenantRatio)}**`,
  `alone: ${healthLat(r.alone.health)}; among: ${healthLat(r.among.health)}`,
  tenantRatio <= 1.2,
);

let commit = "?";
try {
  commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  if (execFileSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" }).trim()) commit += " (with uncommitted changes)";
} catch {}
const fills = [main, small, alone, among]
  .filter((d, i, all) => all.findIndex((o) => o.dir === d.dir) === i)
  .map((d) => {
    const filled = d.marker.orgs.filter((o) => o.rowsPerSecond);
    const mean = (f) => filled.reduce((sum, o) => sum + f(o), 0) / filled.length;
    return `${path.basename(d.dir)} ${n(Math.round(mean((o) => o.rowsPerSecond)))} rows/s (${(100 * mean((o) => o.flaggedShare)).toFixed(1)}% flagged, mean prompt ${n(Math.round(mean((o) => o.meanPromptChars)))} characters)`;
  });
const cpu = cpus();
const load = (l) => l.map((x) => x.toFixed(2)).join(", ");
const command = `npm run bench -- ${argv.join(" ")}`.trim();
const report = `Scale: **${n(LOGS)} logs** in the measured organization (${n(r.total)} when read, with the demo month and earlier runs' writes).
Machine: ${cpu.length} × ${cpu[0]?.model ?? "?"}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version};
load average ${load(loadBefore)} before, ${load(loadAfter)} after (1/5/15 min; the machine is shared).
Run ${started.toISOString().slice(0, 16).replace("T", " ")} UTC, commit ${commit}. Command: \`${command}\`.

${markdownTable(["#", "Measure", "Target", "Figure", "Same-run baseline", "Result"], rows)}

How each row is measured: wrk ${SECONDS} s, ${CONNECTIONS} connections, 2 threads (row 1); latencies are ${RUNS} sequential
requests after 3 warm-ups, next to \`GET /api/health\` timed the same way on the same stack just before;
the straight-SQLite baseline is node:sqlite with every migration of \`schema/migrations\` applied in
journal order (WAL, synchronous=NORMAL: no fsync per commit), holding the same generated rows as the organization. Fill rates when the data
directories were filled (mean over their organizations; the machine's load then may differ): ${fills.join("; ")}.`;

console.log(`\n${report}\n`);
if (WRITE) {
  const file = path.join(root, "docs", "performance.md");
  const doc = readFileSync(file, "utf8");
  writeFileSync(file, replaceSection(doc, "## The current table: `npm run bench`", `${INTRO}\n\n${report}`));
  // Biome formats Markdown too (`npm run lint`): the table is padded the way it checks it.
  execFileSync(path.join(root, "node_modules", ".bin", "biome"), ["format", "--write", file], { cwd: root, stdio: "ignore" });
  say(`written to ${path.relative(root, file)}`);
}
if (!keep) rmSync(dataDir, { recursive: true, force: true });
else say(`data kept in ${dataDir} (reused by the next run with --data-dir ${dataDir})`);
