// PromptSentry against a comparable peer (Lunary) on this machine, in one run, with the same load
// and the same payloads (docs/performance.md explains how to start Lunary locally):
//   health route, req/s and p50    wrk, N connections, no body
//   single-call ingestion          wrk, N connections, one LLM call per request: req/s, p50, p99
//   batch fill to --rows rows       100 calls a request, 8 requests in flight: rows/s
//   search p95                      the same words on both, after the fill, 5 times each
// and prints the ratios. The peer is, by default, the Lunary backend in ../shared/peers/lunary
// (installed on first use, started, emptied, stopped again if this run started it); --no-peer
// prints our figures alone, each as a ratio to our health route of the same run. Not part of `npm test`.
// Usage: npm run bench:peer -- [--url URL --key KEY] [--peer-url URL --peer-key PUBLIC_KEY
//          [--peer-search-key PRIVATE_KEY] [--peer-kind promptsentry]] [--peer-dev] [--no-peer] [--seconds 10] [--connections 32] [--rows 100000]
//          [--only health,ingest,fill,search] [--ceiling]
// --ceiling also measures a do-nothing worker on raw workerd (hand-written capnp config) and behind
// Miniflare's entry worker (same machine, same moment): the most any route can do here, to read the
// health figure against; the ratio "our health / raw workerd do-nothing" is printed.
// Without --url it starts its own stack (scripts/dev/start.mjs, throwaway database). --peer-dev measures
// `npm run dev` (wrangler dev) as the peer instead: the runtime before and after the move to workerd through Miniflare
// (docs/performance.md#the-local-runtime-npm-start).
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { call, lunary, promptSentry, SEARCH_WORDS } from "./lib/bench-targets.mjs";
import { lunaryScripts, startLunary } from "./lib/lunary-peer.mjs";
import { startLocalStack } from "../lib/local-stack.mjs";
import { DO_NOTHING_WORKER, startRawWorkerd } from "./lib/raw-workerd.mjs";
import { ensureWrk, postScript, runWrk } from "./lib/wrk.mjs";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { arg, flag } from "../lib/cli-args.mjs";

const SECONDS = Number(arg("seconds", 10));
const CONNECTIONS = Number(arg("connections", 32));
const ROWS = Number(arg("rows", 100_000));
const BATCH = 100;
const IN_FLIGHT = 8;

ensureWrk();
const cleanups = [];
async function ownStack(label, dev) {
  const dir = mkdtempSync(path.join(tmpdir(), "promptsentry-peer-bench-"));
  console.log(`› starting ${label}`);
  const stack = await startLocalStack({ dir, portBase: dev ? 18_100 : 18_300, dev });
  cleanups.push(async () => (await stack.stop(), rmSync(dir, { recursive: true, force: true })));
  return { adapter: promptSentry, label, base: stack.base, key: stack.key, searchKey: stack.key };
}

const targets = [
  arg("url")
    ? { adapter: promptSentry, label: "PromptSentry", base: arg("url").replace(/\/+$/, ""), key: arg("key"), searchKey: arg("key") }
    : await ownStack("PromptSentry (npm start)", false),
];
// --peer-kind promptsentry: the peer is another PromptSentry (an older build started by hand), for
// before/after comparisons of our own code in one run.
const peerIsUs = arg("peer-kind") === "promptsentry";
if (arg("peer-url"))
  targets.push({
    adapter: peerIsUs ? promptSentry : lunary,
    label: peerIsUs ? `PromptSentry at ${arg("peer-url")}` : "Lunary",
    base: arg("peer-url").replace(/\/+$/, ""),
    key: arg("peer-key"),
    searchKey: arg("peer-search-key", arg("peer-key")),
  });
else if (flag("peer-dev")) targets.push(await ownStack("PromptSentry (npm run dev: wrangler dev)", true));
else if (!flag("no-peer")) {
  // By default the Lunary backend kept beside the repository, installed and started here.
  const scripts = lunaryScripts();
  if (!scripts) throw new Error("no peer: ../shared/peers/lunary is missing (set LUNARY_PEER_SCRIPTS, pass --peer-url, or --no-peer)");
  const peer = await startLunary(scripts);
  cleanups.push(peer.stop);
  targets.push({ adapter: lunary, label: "Lunary (../shared/peers/lunary)", base: peer.base, key: peer.key, searchKey: peer.searchKey });
}
for (const t of targets) if (!t.key) throw new Error(`no key for ${t.label}`);

const health = (t) => runWrk({ url: t.base + t.adapter.healthPath, seconds: SECONDS, connections: CONNECTIONS });
const ingest = (t) =>
  runWrk({
    url: t.base + t.adapter.ingestPath,
    seconds: SECONDS,
    connections: CONNECTIONS,
    lua: postScript({ requestPath: t.adapter.ingestPath, headers: t.adapter.ingestHeaders(t.key), template: t.adapter.ingestTemplate() }),
  });

async function fill(t) {
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < ROWS) {
      const first = next;
      next += BATCH;
      const req = t.adapter.batch(
        Array.from({ length: Math.min(BATCH, ROWS - first) }, (_, j) => call(first + j)),
        t.key,
      );
      for (;;) {
        const res = await fetch(t.base + req.path, { method: "POST", headers: req.headers, body: req.body });
        await res.arrayBuffer();
        if (res.status !== 429) {
          if (!res.ok) failed++;
          break;
        }
        await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get("retry-after") ?? 1))); // rate limited: same rows again
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { rowsPerSecond: ROWS / ((performance.now() - started) / 1000), failed };
}

async function search(t) {
  const times = [];
  let failed = 0;
  for (let round = 0; round < 6; round++) {
    for (const word of SEARCH_WORDS) {
      const req = t.adapter.search(word, t.searchKey);
      const started = performance.now();
      const res = await fetch(t.base + req.path, { headers: req.headers });
      await res.arrayBuffer();
      if (!res.ok) failed++;
      if (round > 0) times.push(performance.now() - started); // round 0 warms caches on both
    }
  }
  times.sort((a, b) => a - b);
  return { p95: times[Math.floor(times.length * 0.95)], failed };
}

// The ceilings: the do-nothing worker on workerd with nothing in front (a hand-written capnp
// config: what any route can do here, now) and behind Miniflare's entry worker (the front door
// `npm start` had before it served the product on a direct socket).
const ceilings = [];
if (flag("ceiling")) {
  const base = 18_600 + Math.floor(Math.random() * 100);
  const raw = await startRawWorkerd({
    workers: [
      { name: "nothing", port: base, compatibilityDate: "2026-11-01", modules: [{ name: "worker.js", contents: DO_NOTHING_WORKER }] },
    ],
  });
  process.stdout.write("› health: a do-nothing worker on raw workerd… ");
  ceilings.push({ label: "raw workerd", ...runWrk({ url: `${raw.urls[0]}/api/health`, seconds: SECONDS, connections: CONNECTIONS }) });
  console.log(JSON.stringify(ceilings.at(-1)));
  await raw.stop();
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: DO_NOTHING_WORKER,
      compatibilityDate: "2026-11-01",
      host: "127.0.0.1",
      port: base + 1,
      cf: false,
      logRequests: false,
    }),
  );
  const url = await mf.ready;
  process.stdout.write("› health: a do-nothing worker behind Miniflare's entry worker… ");
  ceilings.push({
    label: "Miniflare's entry worker",
    ...runWrk({ url: new URL("/api/health", url).href, seconds: SECONDS, connections: CONNECTIONS }),
  });
  console.log(JSON.stringify(ceilings.at(-1)));
  await mf.dispose();
}

const results = targets.map(() => ({}));
const phases = [
  ["health", health],
  ["ingest", ingest],
  ["fill", fill],
  ["search", search],
];
const only = arg("only")?.split(",");
for (const [name, measure] of phases.filter(([name]) => !only || only.includes(name))) {
  for (const [i, t] of targets.entries()) {
    process.stdout.write(`› ${name}: ${t.label}… `);
    results[i][name] = await measure(t);
    console.log(JSON.stringify(results[i][name]));
  }
}

const rows = [
  ["Health route, req/s", (r) => r.health?.rps, "higher"],
  ["Health route, p50 ms", (r) => r.health?.p50, "lower"],
  ["Single-call ingestion, req/s", (r) => r.ingest?.rps, "higher"],
  ["Single-call ingestion, p50 ms", (r) => r.ingest?.p50, "lower"],
  ["Single-call ingestion, p99 ms", (r) => r.ingest?.p99, "lower"],
  [`Batch fill to ${ROWS.toLocaleString("en")} rows, rows/s`, (r) => r.fill?.rowsPerSecond, "higher"],
  [`Search p95 ms (${SEARCH_WORDS.length} words ×5)`, (r) => r.search?.p95, "lower"],
].filter(([, get]) => results.every((r) => get(r) !== undefined));
const fmt = (n) => (n >= 100 ? Math.round(n).toLocaleString("en") : n.toFixed(1));
console.log(`\n${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), wrk -c${CONNECTIONS} ${SECONDS}s, one run`);
if (targets.length === 2) {
  const [us, peer] = results;
  console.log(`| | ${targets[0].label} | ${targets[1].label} | ratio |\n|---|---|---|---|`);
  for (const [label, get, better] of rows) {
    const ratio = better === "higher" ? get(us) / get(peer) : get(peer) / get(us);
    console.log(`| ${label} | ${fmt(get(us))} | ${fmt(get(peer))} | ${ratio.toFixed(2)}× ${ratio >= 1 ? "better" : "worse"} |`);
  }
} else {
  const [us] = results;
  console.log(`| | ${targets[0].label} | vs health req/s of this run |\n|---|---|---|`);
  for (const [label, get] of rows)
    console.log(`| ${label} | ${fmt(get(us))} | ${label.includes("/s") ? `${(get(us) / us.health.rps).toFixed(3)}×` : "-"} |`);
}
for (const ceiling of ceilings)
  console.log(
    `${ceiling === ceilings[0] ? "\n" : ""}A do-nothing worker on ${ceiling.label}, same run: ${fmt(ceiling.rps)} req/s (p50 ${ceiling.p50} ms); health route ${targets.map((t, i) => `${t.label} ${((results[i].health?.rps ?? 0) / ceiling.rps).toFixed(2)}×`).join(", ")} of it`,
  );
console.log(
  `Load average: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
const failures = results.flatMap((r, i) =>
  Object.entries(r)
    .filter(([, v]) => v.failed)
    .map(([k, v]) => `${targets[i].label} ${k}: ${v.failed} failed`),
);
if (failures.length) console.log(`\nFailed requests: ${failures.join("; ")}`);
for (const cleanup of cleanups) await cleanup();
