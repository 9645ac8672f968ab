// The health route before and after a change, as `npm start` serves it (docs/performance.md#the-health-route-row-1s-baseline): this tree's worker
// and another commit's (default: main), each bundled as wrangler deploys it and started by
// scripts/lib/runtime.mjs, taking turns under wrk with the raw workerd ceilings of the same minutes:
//   raw do-nothing            a worker answering {"ok":true} on raw workerd (scripts/bench/lib/raw-workerd.mjs)
//   raw do-nothing + headers  the same with our health answer's headers: the most a route that must
//                             send the security headers can do here
// Each line: req/s and p99 (median of the rounds), its ratio to the raw do-nothing, and workerd's
// own CPU time per request (its threads' CPU over the run / requests answered), which other
// processes' load moves far less than req/s. --profile then runs wrk once more on this tree's
// runtime with V8's profiler on its isolate and prints where the time went. Not part of `npm test`.
// Usage: npm run bench:health [-- --base main --seconds 5 --connections 16 --rounds 3 --profile]
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { printCpuProfile, startCpuProfile } from "./lib/cpu-profile.mjs";
import { DO_NOTHING_WORKER, processCpuNs, startRawWorkerd } from "./lib/raw-workerd.mjs";
import { bundleWorker, removeBundle, startRuntime } from "../lib/runtime.mjs";
import { ensureWrk, runWrk } from "./lib/wrk.mjs";
import { arg, flag } from "../lib/cli-args.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BASE = arg("base", "main");
const SECONDS = Number(arg("seconds", 5));
const CONNECTIONS = Number(arg("connections", 16));
const ROUNDS = Number(arg("rounds", 3));
const PROFILE = flag("profile");
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };
const assetsDir = path.join(root, "web/dist");
const port = (() => {
  let next = 19_500 + Math.floor(Math.random() * 400);
  return () => next++;
})();

/** workerd processes started by this process (Miniflare does not say which one is its own). */
const workerdChildren = () =>
  readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return stat.includes("(workerd)") && Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === process.pid;
      } catch {
        return false;
      }
    })
    .map(Number);

/** The base commit's tree (git archive) beside this one's node_modules, bundled. */
function bundleBase(rev) {
  const dir = path.join(root, ".wrangler", "tmp", `bench-health-${rev.replace(/[^\w.-]/g, "_")}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync("sh", ["-c", `git -C "${root}" archive "${rev}" | tar -x -C "${dir}"`]);
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  return { dir, bundleDir: bundleWorker({ root: dir, assetsDir, env }) };
}

ensureWrk();
const loadBefore = loadavg();
const cleanups = [];
let profile;
const targets = [];
try {
  const ours = bundleWorker({ root, assetsDir, env });
  cleanups.push(() => removeBundle(ours));
  const base = bundleBase(BASE);
  cleanups.push(() => rmSync(base.dir, { recursive: true, force: true }));
  const persistRoot = mkdtempSync(path.join(tmpdir(), "bench-health-"));
  cleanups.push(() => rmSync(persistRoot, { recursive: true, force: true }));
  for (const [label, bundleDir] of [
    [`npm start, ${BASE}`, base.bundleDir],
    ["npm start, this tree", ours],
  ]) {
    const before = new Set(workerdChildren());
    const p = port();
    const inspectorPort = PROFILE && bundleDir === ours ? p + 1000 : undefined;
    const { mf, url } = await startRuntime({ root, bundleDir, assetsDir, persistRoot, port: p, inspectorPort });
    cleanups.push(() => mf.dispose());
    const pid = workerdChildren().find((p) => !before.has(p));
    if (!pid) throw new Error(`no workerd process found for ${label}`);
    targets.push({ label, url, pid, inspectorPort });
  }
  // The headers our health answer carries, for the second ceiling.
  const sent = await fetch(`${targets[1].url}/api/health`);
  const headers = Object.fromEntries([...sent.headers].filter(([name]) => name !== "content-length"));
  const body = await sent.text();
  const compatibilityDate = "2026-11-01";
  for (const [label, contents] of [
    ["raw workerd: do-nothing", DO_NOTHING_WORKER],
    [
      "raw workerd: do-nothing + our health headers",
      `const headers = new Headers(${JSON.stringify(Object.entries(headers))});\nexport default { fetch: () => new Response(${JSON.stringify(body)}, { headers }) };`,
    ],
  ]) {
    const raw = await startRawWorkerd({ workers: [{ name: "w", port: port(), compatibilityDate, modules: [{ name: "w.js", contents }] }] });
    cleanups.push(raw.stop);
    targets.push({ label, url: raw.urls[0], pid: raw.pid });
  }
  // The ceilings first: the raw do-nothing is the baseline every ratio is read against.
  targets.unshift(...targets.splice(2));
  for (let round = 1; round <= ROUNDS; round++)
    for (const t of targets) {
      process.stdout.write(`› round ${round}: ${t.label} (workerd ${t.pid})… `);
      const cpu = processCpuNs(t.pid);
      const r = runWrk({ url: `${t.url}/api/health`, seconds: SECONDS, connections: CONNECTIONS });
      const us = (processCpuNs(t.pid) - cpu) / 1000 / Math.max(1, r.rps * SECONDS);
      if (r.failed) throw new Error(`${t.label}: ${r.failed} failed requests`);
      (t.runs ??= []).push({ ...r, us });
      console.log(`${Math.round(r.rps)} req/s, p99 ${r.p99} ms, workerd ${us.toFixed(1)} µs/request`);
    }
  const profiled = targets.find((t) => t.inspectorPort);
  if (profiled) {
    const profiler = await startCpuProfile(profiled.inspectorPort, 100);
    runWrk({ url: `${profiled.url}/api/health`, seconds: SECONDS, connections: CONNECTIONS });
    profile = await profiler.stop();
  }
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n) => Math.round(n).toLocaleString("en");
const row = (t) => ({ rps: median(t.runs.map((r) => r.rps)), p99: median(t.runs.map((r) => r.p99)), us: median(t.runs.map((r) => r.us)) });
const ceiling = row(targets[0]);
console.log(
  `\nload average ${loadBefore.map((l) => l.toFixed(2)).join(" ")} before, ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")} after; wrk -t2 -c${CONNECTIONS} ${SECONDS}s, ${ROUNDS} rounds taking turns, medians`,
);
console.log(
  "| GET /api/health | req/s | vs raw do-nothing | p99 ms | workerd CPU µs/request | vs raw do-nothing |\n|---|---|---|---|---|---|",
);
for (const t of targets) {
  const r = row(t);
  console.log(
    `| ${t.label} | ${fmt(r.rps)} | ${(r.rps / ceiling.rps).toFixed(2)}× | ${r.p99.toFixed(1)} | ${r.us.toFixed(1)} | ${(r.us / ceiling.us).toFixed(2)}× |`,
  );
}
if (profile) printCpuProfile(profile, 15);
