// Throughput of the flag detector on realistic ~2 KB logs, on one core.
//   npx tsx scripts/detector/bench.ts [--logs 2000] [--runs 7] [--realistic]
// Reports the median µs per log over several runs, logs/s, and a baseline measured on the same
// texts in the same process (lower-casing both texts + one simple regex scan + JSON.stringify of
// the log) so the figure can be read as a ratio of "touching the log at all".
import { detect } from "../../worker/src/detector/index";
import { logsFromArgs } from "./lib/bench-logs";

const argv = process.argv.slice(2);
const opt = (name: string, dflt: number) => {
  const i = argv.indexOf(name);
  return i !== -1 ? Number(argv[i + 1]) : dflt;
};
const N = opt("--logs", 2000);
const RUNS = opt("--runs", 7);

const logs = await logsFromArgs(argv, N);
const avgChars = logs.reduce((a, l) => a + l.prompt.length + l.response.length, 0) / N;

const SIMPLE = /\b\d{3}-\d{2}-\d{4}\b/g;
function baseline(l: (typeof logs)[number]): number {
  const a = l.prompt.toLowerCase();
  const b = l.response.toLowerCase();
  const m = (a.match(SIMPLE)?.length ?? 0) + (b.match(SIMPLE)?.length ?? 0);
  return m + JSON.stringify(l).length;
}

function timeRun(fn: (l: (typeof logs)[number]) => unknown): number {
  let sink = 0;
  const t0 = process.hrtime.bigint();
  for (const l of logs) {
    const r = fn(l);
    sink += typeof r === "number" ? r : 1;
  }
  const t1 = process.hrtime.bigint();
  if (sink === -1) console.log(sink);
  return Number(t1 - t0) / 1000 / logs.length; // µs per log
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// warm-up (JIT + regex compilation)
for (let i = 0; i < 3; i++) {
  timeRun((l) => detect(l));
  timeRun(baseline);
}
const det: number[] = [];
const base: number[] = [];
for (let r = 0; r < RUNS; r++) {
  det.push(timeRun((l) => detect(l)));
  base.push(timeRun(baseline));
}
const flagged = logs.filter((l) => detect(l).flagStatus !== "safe").length;
const d = median(det);
const b = median(base);
console.log(`logs: ${N} (avg ${Math.round(avgChars)} chars prompt+response, ${flagged} flagged), runs: ${RUNS}, node ${process.version}`);
console.log(
  `detect():  median ${d.toFixed(1)} µs/log  → ${Math.round(1e6 / d).toLocaleString("en")} logs/s on one core   (runs: ${det.map((x) => x.toFixed(1)).join(", ")})`,
);
console.log(`baseline:  median ${b.toFixed(1)} µs/log  (toLowerCase ×2 + one regex scan + JSON.stringify)`);
console.log(`ratio:     detect = ${(d / b).toFixed(1)} × baseline`);
