// Filled data directories for the benchmarks, kept under --data-dir and reused across runs (filling a
// million logs through the API takes a while). A dataset is `<orgs>x<logs per org>`: a stack's state
// directory (its PERSIST_DIR) whose organizations each hold that many generated logs on top of the
// demo month that seeding gives them, and bench-dataset.json saying which keys and how far filled.
//
// Organizations are made the way the product makes them: the first by `npm start` itself
// (scripts/dev/start.mjs seeds an empty database), the others by the same seed path (scripts/dev/seed.ts,
// applied with `wrangler d1 execute --local`, as start.mjs does) — Enterprise, so no quota stops the
// fill; logs only ever arrive through POST /api/logs/batch. A dataset of 10 organizations starts as a
// copy of the 1-organization dataset of the same size, so its first organization's data is the same.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { counts, sendBatches } from "./fill.mjs";
import { startLocalStack } from "../../lib/local-stack.mjs";
import { seedOrganizations } from "../../lib/seed-orgs.mjs";
import { logGenerator } from "./realistic-logs.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const MARKER = "bench-dataset.json";
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", NO_D1_WARNING: "true" };

export const datasetName = (orgs, perOrg) => `${orgs}x${perOrg}`;
/** Generator seed of the i-th organization of every dataset: the first organization's logs are the same in all. */
const seedOf = (i) => 11 + i * 1_000;

const readMarker = (dir) => (existsSync(path.join(dir, MARKER)) ? JSON.parse(readFileSync(path.join(dir, MARKER), "utf8")) : null);
const writeMarker = (dir, marker) => writeFileSync(path.join(dir, MARKER), `${JSON.stringify(marker, null, 2)}\n`);

/**
 * The dataset `orgs`×`perOrg` under dataDir, filled if it is not yet (resuming where a previous fill
 * stopped). Answers its directory and marker ({ orgs: [{ key, filled, rowsPerSecond? }] }).
 * @param {{ concurrency?: number, say?: (line: string) => void }} [options]
 */
export async function ensureDataset(dataDir, orgs, perOrg, { concurrency = 6, say = console.log } = {}) {
  const dir = path.join(dataDir, datasetName(orgs, perOrg));
  let marker = readMarker(dir);
  if (marker && marker.orgs.length >= orgs && marker.orgs.every((o) => o.filled >= perOrg)) return { dir, marker };
  if (!marker) {
    rmSync(dir, { recursive: true, force: true });
    if (orgs > 1) {
      const one = await ensureDataset(dataDir, 1, perOrg, { concurrency, say });
      say(`› copying ${datasetName(1, perOrg)} to ${datasetName(orgs, perOrg)}`);
      cpSync(one.dir, dir, { recursive: true });
      marker = readMarker(dir);
    } else {
      mkdirSync(dir, { recursive: true });
      marker = { orgs: [] };
    }
  }
  // The first organization is the demo one, which the stack's first start below creates.
  const missing = orgs - Math.max(1, marker.orgs.length);
  if (marker.orgs.length && missing > 0) {
    say(`› seeding ${missing} more organizations (scripts/dev/seed.ts)`);
    for (const key of seedOrganizations({ root, env, persistTo: ["--persist-to", dir], tmpDir: dir, count: missing }))
      marker.orgs.push({ key, filled: 0 });
    writeMarker(dir, marker);
  }
  say(`› starting a stack on ${dir} to fill it`);
  const stack = await startLocalStack({ dir, portBase: 18_700, timeoutMs: 600_000 });
  try {
    if (!marker.orgs.length) marker.orgs.push({ key: stack.key, filled: 0 });
    writeMarker(dir, marker);
    for (const [i, org] of marker.orgs.entries()) {
      if (org.filled >= perOrg) continue;
      const generator = await logGenerator({ seed: seedOf(i) + org.filled });
      const before = await counts(stack.base, org.key);
      say(`› filling organization ${i + 1} of ${orgs}: ${(perOrg - org.filled).toLocaleString("en-US")} logs`);
      const result = await sendBatches({
        base: stack.base,
        key: org.key,
        logs: perOrg - org.filled,
        next: generator.next,
        concurrency,
        progress: (stored, rate) => say(`    ${stored.toLocaleString("en-US")} rows, ${rate.toFixed(0)} rows/s`),
      });
      const after = await counts(stack.base, org.key);
      const added = after.total - before.total;
      Object.assign(org, {
        filled: perOrg,
        total: after.total,
        rowsPerSecond: Math.round(result.rowsPerSecond),
        flaggedShare: (after.warning + after.critical - before.warning - before.critical) / added,
        meanPromptChars: Math.round(result.meanPromptChars),
      });
      writeMarker(dir, marker);
      say(
        `  filled ${added.toLocaleString("en-US")} logs at ${result.rowsPerSecond.toFixed(0)} rows/s (${concurrency} in flight), ` +
          `mean prompt ${result.meanPromptChars.toFixed(0)} chars, ${(100 * org.flaggedShare).toFixed(1)}% flagged; the organization holds ${after.total.toLocaleString("en-US")}`,
      );
    }
  } finally {
    await stack.stop();
  }
  return { dir, marker };
}
