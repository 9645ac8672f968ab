// `npm run bench:segments`: one organization whose logs span several segments
// (docs/scaling.md#step-3--segments), its reads through the API next to GET /api/health in the same
// run, the search index's bytes against the text it indexes, and the time to empty an expired segment.
//
// Fill: POST /api/logs/batch only, and rollover by the product's own minute schedule. The first
// 1/(segments + 1) of the logs go in with no budget (segment 0, the home shard); the budget is then
// what that segment weighs (page_count × page_size, what D1 reports as a database's size), and the
// stack is started again with LOG_SEGMENT_BUDGET_BYTES set to it, so the schedule opens the next
// segment whenever the newest passes it while the fill goes on: at least `--segments` segments.
// Drop: a segment leaves every read in one directory write; what takes time is emptying its database
// after, measured here: emptySegmentDatabase (the product's, worker/src/tenancy/segment-empty.ts) on
// a copy of the oldest pool segment's file, through lib/d1-sqlite.mjs; the dataset is left as it was.
//
// Batch ingestion: --ingest-logs more logs through the batch API into the filled organization (its
// newest segment takes them), prepared beforehand so generating them is not timed.
//
// Usage: npm run bench:segments -- [--logs 5000000] [--segments 4] [--data-dir DIR] [--runs 40]
//          [--concurrency 6] [--ingest-logs 20000] [--no-write]
// With --data-dir the filled dataset is kept (segments-<logs>x<segments>) and reused by later runs.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";
import { markdownTable, num, replaceSection, summarize, verdict } from "./lib/bench-report.mjs";
import { d1Over, openSqlite } from "./lib/d1-sqlite.mjs";
import { counts, sendBatches } from "./lib/fill.mjs";
import { timed } from "./lib/query-timings.mjs";
import { logGenerator, SEARCH_WORDS } from "./lib/realistic-logs.mjs";
import { indexAndTextBytes, lastWriter, sampleIds, segmentFiles } from "./lib/segment-files.mjs";
import { arg, flag, int } from "../lib/cli-args.mjs";
import { startLocalStack } from "../lib/local-stack.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const LOGS = int("logs", 5_000_000);
const SEGMENTS = int("segments", 4);
const RUNS = int("runs", 40);
const CONCURRENCY = int("concurrency", 6);
const INGEST_LOGS = int("ingest-logs", 20_000);
const WRITE = !flag("no-write");
const keep = Boolean(arg("data-dir"));
const dataDir = path.resolve(arg("data-dir") ?? mkdtempSync(path.join(tmpdir(), "promptsentry-segments-")));
const dir = path.join(dataDir, `segments-${LOGS}x${SEGMENTS}`);
mkdirSync(dir, { recursive: true });
const say = (line) => console.log(line);
const markerFile = path.join(dir, "bench-segments.json");
const marker = existsSync(markerFile) ? JSON.parse(readFileSync(markerFile, "utf8")) : { filled: 0 };
const save = () => writeFileSync(markerFile, `${JSON.stringify(marker, null, 2)}\n`);
const CHUNK = 100_000;

async function withStack(measure) {
  if (marker.budget) process.env.LOG_SEGMENT_BUDGET_BYTES = String(marker.budget);
  const stack = await startLocalStack({ dir, portBase: 18_900, timeoutMs: 600_000 });
  marker.key ??= stack.key;
  try {
    return await measure(stack);
  } finally {
    await stack.stop();
  }
}

/** Fills up to `target` logs in chunks, the marker saved after each (an interrupted fill resumes). */
async function fillTo(stack, target) {
  while (marker.filled < target) {
    const n = Math.min(CHUNK, target - marker.filled);
    const generator = await logGenerator({ seed: 11 + marker.filled });
    const r = await sendBatches({ base: stack.base, key: marker.key, logs: n, next: generator.next, concurrency: CONCURRENCY });
    marker.filled += n;
    marker.rowsPerSecond = [...(marker.rowsPerSecond ?? []), Math.round(r.rowsPerSecond)];
    save();
    say(`    ${marker.filled.toLocaleString("en-US")} logs, ${r.rowsPerSecond.toFixed(0)} logs/s`);
  }
}

// ── Fill ────────────────────────────────────────────────────────────────────
const started = new Date();
const loadBefore = loadavg();
const first = Math.ceil(LOGS / (SEGMENTS + 1));
if (!marker.budget) {
  say(`› segment 0: ${first.toLocaleString("en-US")} logs with no budget (${dir})`);
  await withStack((stack) => fillTo(stack, first));
  marker.orgId = lastWriter(dir);
  marker.budget = segmentFiles(dir, marker.orgId).segments[0].bytes;
  save();
  say(`  the budget is segment 0's size: ${(marker.budget / 1e9).toFixed(2)} GB`);
}
if (marker.filled < LOGS) {
  say(`› the rest, ${(LOGS - marker.filled).toLocaleString("en-US")} logs, rolled over by the minute schedule`);
  await withStack((stack) => fillTo(stack, LOGS));
}

// ── What the files hold ─────────────────────────────────────────────────────
const { segments, directory } = segmentFiles(dir, marker.orgId);
say(`› ${segments.length} segments: ${segments.map((s) => s.logs.toLocaleString("en-US")).join(", ")} logs`);
// The directory may also name a segment opened ahead that has no log yet; never fewer than the files hold.
if (segments.length > directory.length + 1)
  throw new Error(`the files hold ${segments.length} segments, the directory names ${directory.length + 1}`);
if (segments.length < 2) throw new Error("the fill ended in one segment: more logs, or fewer segments");
if (segments.length < SEGMENTS) say(`  fewer segments than --segments ${SEGMENTS}: the fill outran the minute schedule`);
const bytes = segments.map((s) => indexAndTextBytes(s.file));
const probeIds = segments.flatMap((s) => sampleIds(s.file, marker.orgId, Math.ceil(RUNS / segments.length)));

// ── Reads ───────────────────────────────────────────────────────────────────
const headers = { authorization: `Bearer ${marker.key}` };
const reads = await withStack(async (stack) => {
  const read = async (p, note = () => "") => {
    const r = await timed(`${stack.base}/api${p}`, headers, RUNS);
    return { ...summarize(r.samples), note: note(JSON.parse(r.body)) };
  };
  const rows = (b) => `${b.length} rows`;
  const total = (b) => `${b.total.toLocaleString("en-US")}${b.capped ? "+" : ""}`;
  const q = { total: (await counts(stack.base, marker.key)).total };
  q.health = await read("/health");
  q.common = await read(`/logs?limit=50&search=${SEARCH_WORDS.common}`, rows);
  q.rare = await read(`/logs?limit=50&search=${SEARCH_WORDS.rare}`, rows);
  q.none = await read(`/logs?limit=50&search=${SEARCH_WORDS.none}`, rows);
  q.countsCommon = await read(`/logs/counts?search=${SEARCH_WORDS.common}`, total);
  q.countsRare = await read(`/logs/counts?search=${SEARCH_WORDS.rare}`, total);
  q.counts = await read("/logs/counts", total);
  q.list = await read("/logs?limit=50", rows);
  q.stats = await read("/stats");
  q.trends = await read("/trends");
  const byId = [];
  for (const id of probeIds) {
    const t = performance.now();
    const res = await fetch(`${stack.base}/api/logs/${id}`, { headers });
    await res.text();
    if (res.status !== 200) throw new Error(`GET /api/logs/${id} answered ${res.status}`);
    byId.push(performance.now() - t);
  }
  q.byId = { ...summarize(byId), note: `${probeIds.length} ids over ${segments.length} segments` };
  const generator = await logGenerator({ seed: 900_000 + marker.filled });
  const logs = generator.batch(INGEST_LOGS);
  const batches = [];
  for (let i = 0; i < logs.length; i += 100) batches.push(logs.slice(i, i + 100));
  q.ingest = await sendBatches({ base: stack.base, key: marker.key, logs: INGEST_LOGS, batches, concurrency: CONCURRENCY });
  return q;
});

// ── Emptying an expired segment (a copy of the oldest pool segment) ─────────
const { emptySegmentDatabase } = await tsImport(path.join(root, "worker/src/tenancy/segment-empty.ts"), import.meta.url);
const scratch = mkdtempSync(path.join(tmpdir(), "segment-drop-"));
const copy = path.join(scratch, "segment.sqlite");
copyFileSync(segments[1].file, copy);
for (const suffix of ["-wal", "-shm"]) if (existsSync(segments[1].file + suffix)) copyFileSync(segments[1].file + suffix, copy + suffix);
const sqlite = openSqlite(copy);
const t0 = performance.now();
await emptySegmentDatabase(d1Over(sqlite));
const dropMs = performance.now() - t0;
const left = sqlite.prepare("SELECT count(*) AS n FROM prompt_logs").get().n;
sqlite.close();
rmSync(scratch, { recursive: true, force: true });
if (left !== 0) throw new Error(`the emptied segment still holds ${left} logs`);
say(`› emptied a copy of segment 1 (${segments[1].logs.toLocaleString("en-US")} logs) in ${dropMs.toFixed(0)} ms`);

// ── The report ──────────────────────────────────────────────────────────────
const indexBytes = bytes.reduce((n, b) => n + b.index, 0);
const textBytes = bytes.reduce((n, b) => n + b.text, 0);
const h = reads.health;
const row = (name, r, target) => [
  name,
  num(r.p50),
  num(r.p95),
  `${num(r.p95 / h.p95)}×`,
  `≤ ${target} ms`,
  verdict(r.p95 <= target),
  r.note,
];
const table = markdownTable(
  ["Read (p95 target)", "p50 ms", "p95 ms", "p95 ÷ health p95", "target", "verdict", "answer"],
  [
    ["GET /api/health (baseline)", num(h.p50), num(h.p95), "1.00×", "", "", ""],
    row(`search "${SEARCH_WORDS.common}" (common)`, reads.common, 50),
    row(`search "${SEARCH_WORDS.rare}" (rare)`, reads.rare, 50),
    row(`search "${SEARCH_WORDS.none}" (no match)`, reads.none, 50),
    row(`counts, search "${SEARCH_WORDS.common}"`, reads.countsCommon, 100),
    row(`counts, search "${SEARCH_WORDS.rare}"`, reads.countsRare, 100),
    row("counts", reads.counts, 20),
    row("list (50 newest)", reads.list, 20),
    row("stats", reads.stats, 20),
    row("trends", reads.trends, 20),
    row("a log by id", reads.byId, 10),
  ],
);
const segmentTable = markdownTable(
  ["Segment", "logs", "database", "index ÷ text"],
  segments.map((s, i) => [
    i === 0 ? "0 (home shard)" : `${i} (${directory[i - 1].db})`,
    s.logs.toLocaleString("en-US"),
    `${(s.bytes / 1e9).toFixed(2)} GB`,
    `${num(bytes[i].index / bytes[i].text)}×`,
  ]),
);
const rates = marker.rowsPerSecond ?? [];
const body = `Written by \`npm run bench:segments\` (\`scripts/bench/segments.mjs\`, options in its header); each run
replaces this section. Run ${started.toISOString().slice(0, 16).replace("T", " ")} UTC, load average
${loadBefore.map((l) => l.toFixed(1)).join(" ")} → ${loadavg()
  .map((l) => l.toFixed(1))
  .join(" ")}, ${RUNS} sequential requests per read after warm-ups.

One organization, ${reads.total.toLocaleString("en-US")} logs in ${segments.length} segments, filled through \`POST /api/logs/batch\`
(${rates.length ? `${num(Math.min(...rates))}–${num(Math.max(...rates))} logs/s per 100,000` : "rates not recorded"}) and rolled over by the
minute schedule at a budget of ${(marker.budget / 1e9).toFixed(2)} GB (segment 0's size after its share of the fill):

${segmentTable}

${table}

Batch ingestion into the organization at that size (${INGEST_LOGS.toLocaleString("en-US")} more logs, 100 a request, ${CONCURRENCY} in flight,
into its newest segment): ${num(reads.ingest.rowsPerSecond)} logs/s (target ≥ 3,000, ${verdict(reads.ingest.rowsPerSecond >= 3000)}).

Search index ${(indexBytes / 1e9).toFixed(2)} GB for ${(textBytes / 1e9).toFixed(2)} GB of text: ${num(indexBytes / textBytes)}× (target ≤ 1.5×, ${verdict(indexBytes / textBytes <= 1.5)}).
Dropping an expired segment takes it out of every read in one write of its directory row; emptying
its database afterwards (segment 1: ${segments[1].logs.toLocaleString("en-US")} logs, ${(segments[1].bytes / 1e9).toFixed(2)} GB; \`emptySegmentDatabase\` on a copy
of its file) took ${num(dropMs)} ms (${num(dropMs / (segments[1].bytes / 1e9))} ms a GB), on no request's path.`;
say(`\n${body}\n`);
if (WRITE) {
  const doc = path.join(root, "docs/scaling.md");
  writeFileSync(doc, replaceSection(readFileSync(doc, "utf8"), "### Measured: one organization in segments", body));
  say("› written to docs/scaling.md#measured-one-organization-in-segments");
}
if (!keep) rmSync(dataDir, { recursive: true, force: true });
