// Speed of the working tree's detector against another commit's, in one process on the same logs.
//   npx tsx scripts/detector/bench-ab.ts <git-ref> [--logs 2000] [--runs 20] [--realistic]
// On a shared, loaded machine two separate bench runs differ by more than a change costs, so the
// two detectors run interleaved in batches of 50 logs, and each batch keeps its fastest of --runs
// timings (the run least disturbed by other load); the report is the sum of those minima, in wall
// time and in CPU time (the latter holds on a machine whose cores are busy with other work).
import { detect } from "../../worker/src/detector/index";
import { type BenchLog, logsFromArgs } from "./lib/bench-logs";
import { withDetectorAt } from "./lib/other-ref";

const argv = process.argv.slice(2);
const ref = argv.find((a) => !a.startsWith("--") && !/^\d+$/.test(a));
if (!ref) {
  console.error("usage: npx tsx scripts/detector/bench-ab.ts <git-ref> [--logs 2000] [--runs 20]");
  process.exit(2);
}
const opt = (name: string, dflt: number) => {
  const i = argv.indexOf(name);
  return i !== -1 ? Number(argv[i + 1]) : dflt;
};
const N = opt("--logs", 2000);
const RUNS = opt("--runs", 20);
const BATCH = 50;

await withDetectorAt<{ detect: (l: BenchLog) => unknown }, void>(ref, async (other) => {
  const logs = await logsFromArgs(argv, N);
  const fns = [other.detect, detect];
  for (let w = 0; w < 3; w++) for (const f of fns) for (const l of logs) f(l);
  const batches = Math.ceil(N / BATCH);
  // per batch and detector, the fastest wall time and the fastest CPU time (process.cpuUsage: the
  // time this process ran, not the time it waited for a core, which is what a loaded machine adds)
  const best = [new Array<number>(batches).fill(Infinity), new Array<number>(batches).fill(Infinity)];
  const bestCpu = [new Array<number>(batches).fill(Infinity), new Array<number>(batches).fill(Infinity)];
  const cpu = () => {
    const u = process.cpuUsage();
    return u.user + u.system;
  };
  for (let r = 0; r < RUNS; r++) {
    for (let b = 0; b < batches; b++) {
      const batch = logs.slice(b * BATCH, (b + 1) * BATCH);
      for (const which of (r + b) % 2 ? [0, 1] : [1, 0]) {
        const f = fns[which]!;
        const c0 = cpu();
        const t0 = process.hrtime.bigint();
        for (const l of batch) f(l);
        const us = Number(process.hrtime.bigint() - t0) / 1e3;
        best[which]![b] = Math.min(best[which]![b]!, us);
        bestCpu[which]![b] = Math.min(bestCpu[which]![b]!, cpu() - c0);
      }
    }
  }
  const perLog = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / N;
  const [a, b] = best.map(perLog) as [number, number];
  const [ca, cb] = bestCpu.map(perLog) as [number, number];
  const rate = (us: number) => `${Math.round(1e6 / us).toLocaleString("en")} logs/s`;
  console.log(`logs: ${N}, runs: ${RUNS}, node ${process.version}`);
  console.log(
    `wall: ${ref}: ${a.toFixed(1)} µs/log (${rate(a)})   working tree: ${b.toFixed(1)} µs/log (${rate(b)})   ratio ${(b / a).toFixed(3)}`,
  );
  console.log(
    `cpu:  ${ref}: ${ca.toFixed(1)} µs/log (${rate(ca)})   working tree: ${cb.toFixed(1)} µs/log (${rate(cb)})   ratio ${(cb / ca).toFixed(3)}`,
  );
});
