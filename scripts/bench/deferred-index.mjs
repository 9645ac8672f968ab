// Search indexing off the answer (docs/data.md#search), A/B in one run: a stack of a baseline revision
// (default main, `git archive` beside this checkout) and a stack of this checkout, one after the other
// on the same machine, each measured alike:
//   - single-call ingestion: POST /api/logs, `--concurrency` in flight for `--seconds`: req/s, p99;
//   - batch fill: `--logs` realistic logs through POST /api/logs/batch (bench:fill's sender): logs/s;
//   - during the fill, a probe log every `--probe-ms` through POST /api/logs, and the time from its
//     201 to its log being in the trigram index (its search_queue row gone), read from the stack's
//     D1 files: the p50/p95/max a README states. The baseline indexes inside the write (lag 0).
// Loopback only; each stack is throwaway and stopped at the end.
// Usage: npm run bench:deferred-index [-- --logs 20000 --seconds 8 --concurrency 16 --baseline main]
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { arg } from "../lib/cli-args.mjs";
import { startLocalStack } from "../lib/local-stack.mjs";
import { benchLog } from "./lib/bench-log.mjs";
import { sendBatches } from "./lib/fill.mjs";
import { logGenerator } from "./lib/realistic-logs.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const LOGS = Number(arg("logs", 20_000));
const SECONDS = Number(arg("seconds", 8));
const CONCURRENCY = Number(arg("concurrency", 16));
const PROBE_MS = Number(arg("probe-ms", 200));
const BASELINE = arg("baseline", "main");
const LAG_LIMIT_MS = 120_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** The baseline revision's tree beside this checkout's node_modules. */
function checkout(rev) {
  const dir = mkdtempSync(path.join(tmpdir(), "promptsentry-baseline-"));
  execFileSync("sh", ["-c", `git -C "${root}" archive "${rev}" | tar -x -C "${dir}"`]);
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  return dir;
}

/** The stack's D1 files (every database of logs among them), opened read-only. */
function d1Files(persistDir) {
  const dir = path.join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sqlite"))
    .map((f) => new DatabaseSync(path.join(dir, f), { readOnly: true }))
    .filter((db) => db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'search_queue'").get().n > 0);
}

/**
 * Of `ids`, those stored and out of the search queue (indexed), in whichever database holds them: one
 * short read a database for every probe waiting, so the polling stays light next to the load.
 */
function indexedOf(files, ids) {
  const done = new Set();
  const list = JSON.stringify(ids);
  for (const db of files)
    for (const { id } of db
      .prepare(
        "SELECT id FROM prompt_logs WHERE id IN (SELECT value FROM json_each(?)) AND rowid NOT IN (SELECT log_rowid FROM search_queue)",
      )
      .all(list))
      done.add(id);
  return done;
}

async function singleCalls(base, key) {
  const headers = { "content-type": "application/json", authorization: `Bearer ${key}` };
  const latencies = [];
  let failed = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t = performance.now();
      const res = await fetch(`${base}/api/logs`, { method: "POST", headers, body: JSON.stringify(benchLog(latencies.length + failed)) });
      await res.arrayBuffer();
      if (res.status === 201) latencies.push(performance.now() - t);
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / SECONDS, p99: quantile(latencies, 0.99), failed };
}

async function fillWithProbes(base, key, persistDir) {
  const files = d1Files(persistDir);
  const headers = { "content-type": "application/json", authorization: `Bearer ${key}` };
  const generator = await logGenerator({ seed: 7, flagged: 0.1 });
  const lags = [];
  /** Probes answered 201 and not yet seen indexed: id → when the answer arrived. */
  const waiting = new Map();
  let filling = true;
  const sent = [];
  const probes = (async () => {
    for (let i = 0; filling; i++) {
      const probe = fetch(`${base}/api/logs`, { method: "POST", headers, body: JSON.stringify(benchLog(1_000_000 + i)) }).then(
        async (res) => {
          const at = performance.now();
          if (res.status === 201) waiting.set((await res.json()).id, at);
        },
      );
      sent.push(probe);
      await sleep(PROBE_MS);
    }
    await Promise.all(sent);
  })();
  const poller = (async () => {
    while (filling || waiting.size) {
      await sleep(50);
      if (!waiting.size) continue;
      const now = performance.now();
      for (const id of indexedOf(files, [...waiting.keys()])) {
        lags.push(now - waiting.get(id));
        waiting.delete(id);
      }
      for (const at of waiting.values())
        if (now - at > LAG_LIMIT_MS) throw new Error(`a probe log is not indexed ${LAG_LIMIT_MS} ms after its 201`);
    }
  })();
  const fill = await sendBatches({ base, key, logs: LOGS, next: generator.next, concurrency: 6 });
  filling = false;
  await probes;
  await poller;
  for (const db of files) db.close();
  lags.sort((a, b) => a - b);
  return { logsPerSecond: fill.rowsPerSecond, probes: lags.length, p50: quantile(lags, 0.5), p95: quantile(lags, 0.95), max: lags.at(-1) };
}

async function measureStack(name, stackRoot, portBase) {
  const dir = mkdtempSync(path.join(tmpdir(), "promptsentry-deferred-"));
  const stack = await startLocalStack({ dir, portBase, timeoutMs: 600_000, root: stackRoot });
  try {
    const single = await singleCalls(stack.base, stack.key);
    const fill = await fillWithProbes(stack.base, stack.key, dir);
    console.log(name, JSON.stringify({ ...single, ...fill }));
    return { name, ...single, ...fill };
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const baselineDir = checkout(BASELINE);
try {
  const before = await measureStack(`baseline (${BASELINE})`, baselineDir, 18_700);
  const after = await measureStack("this checkout", root, 18_900);
  const ms = (v) => (v === undefined ? "-" : v.toFixed(1));
  console.log(
    `single calls: ${SECONDS} s, ${CONCURRENCY} in flight; fill: ${LOGS} logs in batches of 100, 6 in flight; a probe every ${PROBE_MS} ms`,
  );
  console.log("stack                 req/s   p99 ms  failed   fill logs/s   201→indexed p50 / p95 / max ms (probes)");
  for (const r of [before, after])
    console.log(
      `${r.name.padEnd(20)} ${r.rps.toFixed(0).padStart(6)} ${ms(r.p99).padStart(8)} ${String(r.failed).padStart(7)} ${r.logsPerSecond.toFixed(0).padStart(13)}   ${ms(r.p50)} / ${ms(r.p95)} / ${ms(r.max)} (${r.probes})`,
    );
  console.log(
    `ratios (this / baseline): single-call req/s ${(after.rps / before.rps).toFixed(2)}×, p99 ${(after.p99 / before.p99).toFixed(2)}×, fill logs/s ${(after.logsPerSecond / before.logsPerSecond).toFixed(2)}×`,
  );
} finally {
  if (existsSync(baselineDir)) rmSync(baselineDir, { recursive: true, force: true });
}
