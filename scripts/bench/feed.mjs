// Row 8 of `npm run bench` alone (docs/performance.md#row-8-the-live-feed-under-load): POST /api/logs → `newPromptLog` on the organization's
// realtime socket, at rest and while --rate logs/s are ingested in batches of --feed-batch
// (scripts/bench/lib/socket-latency.mjs, the same measure as the full benchmark), on a small dataset: a
// throwaway stack (scripts/dev/start.mjs on spare ports) with the demo organization `npm start` seeds.
// With --before DIR (a checkout of the code before a change, e.g.
//   mkdir /tmp/before && git archive <commit> | tar -x -C /tmp/before && ln -s "$PWD/node_modules" /tmp/before/
// plus the same for party/, web/, worker/ and schema/ node_modules) the before and this tree are
// measured in turns (before, after, before, after … for --rounds rounds), each on a fresh stack, so
// both see the same machine; the load average is printed with every figure.
// Usage: npm run bench:feed -- [--before DIR] [--rounds 1] [--probes 40] [--rate 100] [--feed-batch 10]
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { num } from "./lib/bench-report.mjs";
import { startLocalStack } from "../lib/local-stack.mjs";
import { logGenerator } from "./lib/realistic-logs.mjs";
import { socketLatency } from "./lib/socket-latency.mjs";
import { arg, int } from "../lib/cli-args.mjs";

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BEFORE = arg("before") ? path.resolve(arg("before")) : null;
const ROUNDS = int("rounds", 1);
const PROBES = int("probes", 40);
const RATE = int("rate", 100);
const FEED_BATCH = int("feed-batch", 10);

const work = mkdtempSync(path.join(tmpdir(), "promptsentry-bench-feed-"));
// One dashboard build for every stack (the web is not what is measured).
process.env.WEB_DIST = path.join(work, "web-dist");
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

async function measure(label, root, round) {
  const stack = await startLocalStack({
    dir: path.join(work, `${label}-${round}-${Date.now()}`),
    portBase: 18_600,
    timeoutMs: 600_000,
    root,
  });
  try {
    const probe = await logGenerator({ seed: 8 + round });
    const loadAtStart = load();
    const rest = await socketLatency({ base: stack.base, key: stack.key, probes: PROBES, makeLog: probe.next });
    const loaded = await socketLatency({
      base: stack.base,
      key: stack.key,
      probes: PROBES,
      makeLog: probe.next,
      background: { logsPerSecond: RATE, batchSize: FEED_BATCH, next: probe.next },
    });
    return { label, round, rest, loaded, load: `${loadAtStart} → ${load()}` };
  } finally {
    await stack.stop();
  }
}

const results = [];
try {
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [label, root] of [...(BEFORE ? [["before", BEFORE]] : []), ["after", here]]) {
      console.log(`› round ${round}: ${label} (${root})`);
      // A stack that fails to come up (a spare port taken meanwhile by another process) gets one more try on new ports.
      const r = await measure(label, root, round).catch((error) => {
        console.log(`  failed (${error.message.split("\n")[0]}), once more`);
        return measure(label, root, round);
      });
      results.push(r);
      console.log(JSON.stringify(r));
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const line = (r) =>
  `${r.label.padEnd(6)} round ${r.round}: at rest p50 ${num(r.rest.p50)} / p95 ${num(r.rest.p95)} ms (lost ${r.rest.lost}); ` +
  `under ${num(r.loaded.backgroundRate)} logs/s p50 ${num(r.loaded.p50)} / p95 ${num(r.loaded.p95)} ms (lost ${r.loaded.lost}; ` +
  `the POST's own answer p50 ${num(r.loaded.answer.p50)} / p95 ${num(r.loaded.answer.p95)} ms); load ${r.load}`;
console.log(`\nPOST → newPromptLog, ${PROBES} probes each, background ${RATE} logs/s in batches of ${FEED_BATCH}:`);
for (const r of results) console.log(line(r));
