// Fills a local organization with realistic logs through POST /api/logs/batch (docs/performance.md) and prints
// rows/s; with --measure, then times search / count / list against GET /api/health in the same run
// (scripts/bench/lib/query-timings.mjs). Logs: scripts/bench/lib/realistic-logs.mjs (demo prompt shapes, models,
// users and sessions, 50–4,000 characters, ~10% flagged), sent by scripts/bench/lib/fill.mjs.
//
// Usage: npm run bench:fill -- --logs 1000000 [--concurrency 6] [--measure]
//          [--data-dir DIR]                                 fill (once) the dataset `1x<logs>` under DIR, as `npm run bench` does
//          [--base http://127.0.0.1:8787 --key pk_live_…]   or add the logs to that running stack's organization
// Without either it fills a stack of its own on a temporary directory and removes it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureDataset } from "./lib/datasets.mjs";
import { counts, sendBatches } from "./lib/fill.mjs";
import { startLocalStack } from "../lib/local-stack.mjs";
import { measureQueries, printTimings } from "./lib/query-timings.mjs";
import { logGenerator } from "./lib/realistic-logs.mjs";
import { arg, flag } from "../lib/cli-args.mjs";

const LOGS = Number(arg("logs", 10_000));
const CONCURRENCY = Number(arg("concurrency", 6));
if (!Number.isInteger(LOGS) || LOGS < 1) throw new Error("--logs must be a positive integer");

const measure = async (base, key) => {
  const { total } = await counts(base, key);
  printTimings(await measureQueries(base, { authorization: `Bearer ${key}` }, { total }));
};

if (arg("base") && arg("key")) {
  const base = arg("base").replace(/\/+$/, "");
  const key = arg("key");
  const generator = await logGenerator({ seed: Number(arg("seed", Date.now() % 100_000)), flagged: Number(arg("flagged", 0.1)) });
  const before = await counts(base, key);
  const r = await sendBatches({
    base,
    key,
    logs: LOGS,
    next: generator.next,
    concurrency: CONCURRENCY,
    progress: (stored, rate) => console.log(`  ${stored.toLocaleString("en-US")} rows, ${rate.toFixed(0)} rows/s`),
  });
  const after = await counts(base, key);
  const flagged = (after.warning + after.critical - before.warning - before.critical) / (after.total - before.total);
  console.log(
    `filled ${r.stored.toLocaleString("en-US")} logs in ${r.seconds.toFixed(1)} s = ${r.rowsPerSecond.toFixed(0)} rows/s ` +
      `(batches of 100, ${CONCURRENCY} in flight); mean prompt ${r.meanPromptChars.toFixed(0)} chars; flagged ${(100 * flagged).toFixed(1)}%; ` +
      `the organization now holds ${after.total.toLocaleString("en-US")} logs`,
  );
  if (flag("measure")) await measure(base, key);
} else {
  const dataDir = path.resolve(arg("data-dir") ?? mkdtempSync(path.join(tmpdir(), "promptsentry-fill-")));
  const dataset = await ensureDataset(dataDir, 1, LOGS, { concurrency: CONCURRENCY });
  if (flag("measure")) {
    const stack = await startLocalStack({ dir: dataset.dir, portBase: 18_300, timeoutMs: 600_000 });
    try {
      await measure(stack.base, dataset.marker.orgs[0].key);
    } finally {
      await stack.stop();
    }
  }
  if (arg("data-dir")) console.log(`data kept in ${dataset.dir} (npm run bench -- --data-dir ${dataDir} reuses it)`);
  else rmSync(dataDir, { recursive: true, force: true });
}
