// `npm run bench:segments`: one organization whose logs span several segments
// (docs/scaling.md#step-3--segments), its reads through the API next to GET /api/health in the same
// run, the search index's bytes against the text it indexes, and the time to empty an expired segment.
//
// Fill, either way rolled over by the product's own minute schedule: the first 1/(segments + 1) of
// the logs go in with no budget (segment 0, the home shard); the budget is then what that segment
// weighs (page_count × page_size, what D1 reports as a database's size), and the schedule opens the
// next segment whenever the newest passes it while the fill goes on: at least `--segments` segments.
//   --fill offline (default): straight into the stopped stack's SQLite files through the product's
//     own functions (lib/offline-fill.mjs: row building, the write of a flush, the insert triggers'
//     aggregates and search index, rollSegments at each log's time), for a new Enterprise
//     organization, its logs spread evenly over the last --span-days days (default 30), so each
//     segment covers a contiguous span as on a real timeline; --span-days 0.04 (an hour) is the
//     worst case where every segment overlaps every stats window. The API takes hours for millions.
//     Rows are built on --builders threads (default: one per core; 0: on the writing thread) while
//     one thread writes them (lib/offline-builders.mjs).
//   --fill api: POST /api/logs/batch into the demo organization, the stack restarted with
//     LOG_SEGMENT_BUDGET_BYTES once the budget is known; the timeline is the fill's own duration.
// Drop (lib/segment-drop.mjs): the directory write that takes the oldest pool segment out of every
// read (retireExpiredSegments), and emptying its database afterwards (emptySegmentDatabase), each on
// copies so the dataset is left as it was.
//
// Batch ingestion: --ingest-logs more logs through the batch API into the filled organization (its
// newest segment takes them), prepared beforehand so generating them is not timed. They stay in a
// kept dataset (its marker counts them), and later runs' reports say how many of its logs they are.
//
// Usage: npm run bench:segments -- [--logs 5000000] [--segments 4] [--fill offline|api] [--span-days 30]
//          [--data-dir DIR] [--runs 40] [--concurrency 6] [--ingest-logs 20000] [--builders 2] [--fill-only]
//          [--no-write]
// --fill-only stops once the dataset is filled (with --data-dir: a later run measures it).
// With --data-dir the filled dataset is kept (segments-<logs>x<segments>, offline:
// segments-offline-<logs>x<segments>-<span>d) and reused by later runs.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { replaceSection, summarize } from "./lib/bench-report.mjs";
import { counts, sendBatches } from "./lib/fill.mjs";
import { DEFAULT_BUILDERS } from "./lib/offline-builders.mjs";
import { fillOffline } from "./lib/offline-dataset.mjs";
import { measureDrop } from "./lib/segment-drop.mjs";
import { segmentsReport } from "./lib/segments-report.mjs";
import { stackFiles } from "./lib/sqlite-env.mjs";
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
const FILL = arg("fill") ?? "offline";
if (!["offline", "api"].includes(FILL)) throw new Error("--fill is offline or api");
const SPAN_DAYS = Number(arg("span-days") ?? 30);
const BUILDERS = Number(arg("builders") ?? DEFAULT_BUILDERS);
if (!Number.isInteger(BUILDERS) || BUILDERS < 0) throw new Error("--builders is a whole number of threads (0: none)");
const keep = Boolean(arg("data-dir"));
const dataDir = path.resolve(arg("data-dir") ?? mkdtempSync(path.join(tmpdir(), "promptsentry-segments-")));
const dir = path.join(dataDir, FILL === "api" ? `segments-${LOGS}x${SEGMENTS}` : `segments-offline-${LOGS}x${SEGMENTS}-${SPAN_DAYS}d`);
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
if (FILL === "offline" && marker.filled < LOGS) {
  say(`› ${(LOGS - marker.filled).toLocaleString("en-US")} logs offline over ${SPAN_DAYS} days (${dir})`);
  await fillOffline({ dir, marker, save, logs: LOGS, segments: SEGMENTS, spanDays: SPAN_DAYS, builders: BUILDERS, say });
}
if (FILL === "api" && !marker.budget) {
  say(`› segment 0: ${first.toLocaleString("en-US")} logs with no budget (${dir})`);
  await withStack((stack) => fillTo(stack, first));
  marker.orgId = lastWriter(dir);
  marker.budget = segmentFiles(dir, marker.orgId).segments[0].bytes;
  save();
  say(`  the budget is segment 0's size: ${(marker.budget / 1e9).toFixed(2)} GB`);
}
if (FILL === "api" && marker.filled < LOGS) {
  say(`› the rest, ${(LOGS - marker.filled).toLocaleString("en-US")} logs, rolled over by the minute schedule`);
  await withStack((stack) => fillTo(stack, LOGS));
}

if (flag("fill-only")) {
  say(`› filled: ${marker.filled.toLocaleString("en-US")} logs in ${dir}`);
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
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
  q.load = loadavg();
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
// The ingested logs stay in the kept dataset (in its newest segment): the next run's report counts them.
const earlierIngested = marker.ingested ?? 0;
marker.ingested = earlierIngested + INGEST_LOGS;
save();

// ── Dropping an expired segment (segment 1, on copies) ──────────────────────
const drop = await measureDrop({ files: await stackFiles(dir), orgId: marker.orgId, segmentFile: segments[1].file });
say(
  `› segment 1 (${segments[1].logs.toLocaleString("en-US")} logs): dropped in ${drop.retireMs.toFixed(1)} ms, emptied in ${drop.emptyMs.toFixed(0)} ms`,
);

// ── The report ──────────────────────────────────────────────────────────────
const body = segmentsReport({
  started,
  loadBefore,
  runs: RUNS,
  reads,
  segments,
  directory,
  bytes,
  marker,
  drop,
  ingest: { logs: INGEST_LOGS, concurrency: CONCURRENCY, earlier: earlierIngested },
});
say(`\n${body}\n`);
if (WRITE) {
  const doc = path.join(root, "docs/scaling.md");
  writeFileSync(doc, replaceSection(readFileSync(doc, "utf8"), "### Measured: one organization in segments", body));
  say("› written to docs/scaling.md#measured-one-organization-in-segments");
}
if (!keep) rmSync(dataDir, { recursive: true, force: true });
