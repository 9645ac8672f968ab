// Where the time of one POST /api/logs goes on the `npm start` runtime (docs/performance.md#the-local-runtime-npm-start). workerd has no CPU
// profiler here, so the worker runs inside a thin wrapper module (this script writes it beside the
// bundle; the product is unchanged) that times every D1 round trip of a request — prepare().run/
// all/first/raw, batch, exec — and answers the sums in a Server-Timing header. Sequential requests
// show the cost of one log with nothing queued; 32 in flight show what waiting adds. A `select 1`
// loop gives the price of one bare D1 round trip through the binding.
// Usage: npm run profile:ingest [-- --requests 300 --seconds 10 --concurrency 32] [--batch N] [--cpu [--cpu-out FILE]] [--state DIR]
// --batch N: each request is POST /api/logs/batch with N logs (what the SDKs send) instead of one log.
// --realistic: bench:segments' logs (about 1,400 characters of text each) instead of short calls.
// --key K: with --state, ingest with this key instead of the demo organization's (a filled
// organization of a kept bench dataset: its marker file names the key).
// --state DIR: a copy of a prepared state directory (a PERSIST_DIR `npm start` migrated and seeded) instead
// of preparing one through scripts/dev/start.mjs, which takes minutes on a loaded machine.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { call, promptSentry } from "./lib/bench-targets.mjs";
import { logGenerator } from "./lib/realistic-logs.mjs";
import { startLocalStack } from "../lib/local-stack.mjs";
import { printCpuProfile, startCpuProfile } from "./lib/cpu-profile.mjs";
import { bundleWorker, removeBundle, startRuntime } from "../lib/runtime.mjs";
import { arg, flag } from "../lib/cli-args.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const REQUESTS = Number(arg("requests", 300));
const SECONDS = Number(arg("seconds", 10));
const CONCURRENCY = Number(arg("concurrency", 32));
const BATCH = Number(arg("batch", 0));
const REALISTIC = flag("realistic");
// --cpu: a V8 CPU profile of the worker's isolate (worker and committer) while the load runs, through
// workerd's DevTools endpoint; prints the functions with the most self time.
const CPU = flag("cpu");

// The wrapper: the product's worker with env.DB replaced by a timing proxy for the request, and its
// group commit (the IngestCommitter Durable Object, which has its own env) with a timing proxy that
// adds up per organization flush: the context read and the write batch, whose time the requests of a
// flush share.
const WRAPPER = `import { AsyncLocalStorage } from "node:async_hooks";
import worker, { IngestCommitter as Committer } from "./index.js";
const committer = { calls: 0, ms: 0, writes: 0, writeMs: 0, reads: 0, readMs: 0, statements: 0 };
function timedStatement(stmt, acc, sql) {
  return new Proxy(stmt, {
    get(target, prop) {
      if (prop === "__raw") return target;
      if (prop === "__sql") return sql;
      const value = target[prop];
      if (prop === "bind") return (...args) => timedStatement(target.bind(...args), acc, sql);
      if (["all", "run", "first", "raw"].includes(prop)) return (...args) => time(acc, () => value.apply(target, args));
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
// The request's own D1 calls add up in its accumulator (AsyncLocalStorage), through one proxy of env.DB
// for every request: a proxy per request would make the product build a Drizzle client per request
// (it keeps one per binding object), a cost the product does not have.
const requestAcc = new AsyncLocalStorage();
const CURRENT_REQUEST = { calls: 0, ms: 0, each: { push() {} } };
let requestDb;
async function time(acc, fn) {
  const started = performance.now();
  try { return await fn(); } finally {
    const to = acc === CURRENT_REQUEST ? (requestAcc.getStore() ?? CURRENT_REQUEST) : acc;
    const ms = performance.now() - started; to.calls++; to.ms += ms; to.each.push(ms.toFixed(2));
  }
}
committer.each = { push() {} };
export class IngestCommitter extends Committer {
  // The control database and every data shard (DATA_0, DATA_1, …): a flush reads both, writes the shard.
  constructor(ctx, env) { super(ctx, Object.fromEntries(Object.entries(env).map(([k, v]) => [k, k === "DB" || k.startsWith("DATA_") ? timedDb(v, committer) : v]))); }
}
function timedDb(db, acc) {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (sql) => timedStatement(target.prepare(sql), acc, sql);
      if (prop === "batch")
        return async (stmts) => {
          const started = performance.now();
          try { return await time(acc, () => target.batch(stmts.map((s) => s.__raw ?? s))); }
          finally {
            if (acc === committer) {
              const ms = performance.now() - started;
              const write = stmts.some((s) => String(s.__sql).startsWith('insert into "prompt_logs"'));
              committer[write ? "writes" : "reads"]++;
              committer[write ? "writeMs" : "readMs"] += ms;
              committer.statements += stmts.length;
            }
          }
        };
      if (prop === "exec") return (sql) => time(acc, () => target.exec(sql));
      const value = target[prop];
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
export default {
  async fetch(request, env, ctx) {
    // The probes' paths by a string test: a URL parsed per request is a cost of the wrapper, not the product.
    const probe = request.url.includes("/__profile/") ? new URL(request.url).pathname : null;
    if (probe === "/__profile/committer") {
      const snapshot = { ...committer, each: undefined };
      for (const k of Object.keys(committer)) if (typeof committer[k] === "number") committer[k] = 0;
      return Response.json(snapshot);
    }
    if (probe === "/__profile/rpc") {
      const stub = env.INGEST_COMMITTER.get(env.INGEST_COMMITTER.idFromName("rpc-probe"));
      await stub.stats();
      const started = performance.now();
      for (let i = 0; i < 500; i++) await stub.stats();
      const mid = performance.now();
      for (let i = 0; i < 500; i++) env.INGEST_COMMITTER.idFromName("org-" + i);
      return Response.json({ perRpcMs: (mid - started) / 500, perIdFromNameMs: (performance.now() - mid) / 500 });
    }
    if (probe === "/__profile/select1") {
      const acc = { calls: 0, ms: 0, each: [] };
      const db = timedDb(env.DB, acc);
      for (let i = 0; i < 200; i++) await db.prepare("select 1").first();
      return Response.json({ perRoundTripMs: acc.ms / acc.calls });
    }
    const acc = { calls: 0, ms: 0, each: [] };
    const started = performance.now();
    requestDb ??= { ...env, DB: timedDb(env.DB, CURRENT_REQUEST) };
    const response = await requestAcc.run(acc, () => worker.fetch(request, requestDb, ctx));
    const out = new Response(response.body, response);
    out.headers.set("server-timing", \`d1;dur=\${acc.ms.toFixed(2)};desc="\${acc.calls}", d1each;desc="\${acc.each.join(" ")}", handler;dur=\${(performance.now() - started).toFixed(2)}\`);
    return out;
  },
  queue: worker.queue,
  scheduled: worker.scheduled,
};
`;

// A prepared database (migrations, demo organization) from the ordinary start path, then stopped.
const dir = mkdtempSync(path.join(tmpdir(), "promptsentry-profile-"));
let key;
if (arg("state")) {
  cpSync(arg("state"), dir, { recursive: true });
  key = arg("key") ?? readFileSync(path.join(dir, "demo-api-key"), "utf8").trim();
} else {
  const stack = await startLocalStack({ dir, portBase: 18_900 });
  key = stack.key;
  await stack.stop();
}

const assetsDir = path.join(root, "web", "dist");
const bundleDir = bundleWorker({ root, assetsDir, env: { ...process.env, WRANGLER_SEND_METRICS: "false" } });
writeFileSync(path.join(bundleDir, "profile-entry.js"), WRAPPER);
// The live-feed notification of each flush goes to a sink that accepts it, as the party server would.
const party = createServer((req, res) => req.resume().on("end", () => res.writeHead(200).end("ok")));
await new Promise((r) => party.listen(0, "127.0.0.1", r));
const port = 18_950 + Math.floor(Math.random() * 40);
const { mf } = await startRuntime({
  root,
  bundleDir,
  assetsDir,
  persistRoot: dir,
  port,
  entry: "profile-entry.js",
  vars: { PARTY_HOST: `127.0.0.1:${party.address().port}` },
  inspectorPort: CPU ? port + 1000 : undefined,
});
const base = `http://127.0.0.1:${port}`;

let n = 0;
// --realistic: the logs bench:segments and bench:cost ingest (lib/realistic-logs.mjs: prompts of 50–4,000
// characters, responses of 50–2,000, long-tailed) instead of the peer benchmark's short call
const realistic = REALISTIC ? await logGenerator({ seed: 31 }) : null;
const nextLog = () => realistic?.next() ?? promptSentry.log(call(n++));
async function one() {
  const started = performance.now();
  const request = {
    path: BATCH ? "/api/logs/batch" : "/api/logs",
    headers: promptSentry.ingestHeaders(key),
    body: JSON.stringify(BATCH ? { logs: Array.from({ length: BATCH }, nextLog) } : nextLog()),
  };
  const res = await fetch(`${base}${request.path}`, { method: "POST", headers: request.headers, body: request.body });
  await res.arrayBuffer();
  if (res.status !== 201) throw new Error(`POST ${request.path} answered ${res.status}`);
  const timing = res.headers.get("server-timing") ?? "";
  const num = (re) => Number(re.exec(timing)?.[1] ?? NaN);
  const each = (/d1each;desc="([^"]*)"/.exec(timing)?.[1] ?? "").split(" ").filter(Boolean).map(Number);
  return {
    client: performance.now() - started,
    handler: num(/handler;dur=([\d.]+)/),
    d1: num(/d1;dur=([\d.]+)/),
    calls: num(/desc="(\d+)"/),
    each,
  };
}

const readCommitter = async () => (await fetch(`${base}/__profile/committer`)).json();

function summarize(label, samples, seconds, c) {
  const mean = (k) => samples.reduce((s, x) => s + x[k], 0) / samples.length;
  const p = (k, q) => samples.map((x) => x[k]).sort((a, b) => a - b)[Math.floor(q * (samples.length - 1))];
  const [client, handler, d1] = [mean("client"), mean("handler"), mean("d1")];
  const committerMs = (c.readMs + c.writeMs) / samples.length;
  console.log(
    `${label}: ${samples.length} requests${BATCH ? ` of ${BATCH} logs` : ""}${seconds ? `, ${(samples.length / seconds).toFixed(0)} req/s${BATCH ? ` = ${((samples.length * BATCH) / seconds).toFixed(0)} logs/s` : ""}` : ""}\n` +
      `  client latency  mean ${client.toFixed(2)} ms  p50 ${p("client", 0.5).toFixed(2)}  p99 ${p("client", 0.99).toFixed(2)}\n` +
      `  in the worker   mean ${handler.toFixed(2)} ms (${((100 * handler) / client).toFixed(0)}% of the client's), waiting for the group commit included\n` +
      `  worker's D1     mean ${d1.toFixed(2)} ms over ${mean("calls").toFixed(2)} calls a request (key lookups of uncached keys, lastUsed)\n` +
      `  group commit    ${c.writes} flushes for ${samples.length} requests (${(samples.length / Math.max(1, c.writes)).toFixed(1)} a flush): ` +
      `context read ${(c.readMs / Math.max(1, c.reads)).toFixed(2)} ms, write ${(c.writeMs / Math.max(1, c.writes)).toFixed(2)} ms a flush ` +
      `(${c.statements} statements); ${committerMs.toFixed(2)} ms of D1 a request\n` +
      `  the rest        ${(client - d1 - committerMs).toFixed(2)} ms a request: JSON, auth hash, detection, redaction, Hono, RPC, waiting, and the hops into workerd`,
  );
}

for (let i = 0; i < 30; i++) await one(); // warm-up: JIT, SQLite page cache
await readCommitter();
const sequential = [];
for (let i = 0; i < REQUESTS; i++) sequential.push(await one());
const sequentialCommitter = await readCommitter();
const select1 = await (await fetch(`${base}/__profile/select1`)).json();
const rpc = await (await fetch(`${base}/__profile/rpc`)).json();
console.log(
  `One RPC round trip into a committer (stats()): ${rpc.perRpcMs.toFixed(3)} ms; idFromName: ${rpc.perIdFromNameMs.toFixed(3)} ms`,
);
console.log(`One bare D1 round trip (select 1 through the binding): ${select1.perRoundTripMs.toFixed(3)} ms\n`);
summarize("Sequential (1 in flight)", sequential, 0, sequentialCommitter);

await readCommitter();
const profiler = CPU ? await startCpuProfile(port + 1000) : null;
const loaded = [];
const deadline = performance.now() + SECONDS * 1000;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (performance.now() < deadline) loaded.push(await one());
  }),
);
summarize(`\n${CONCURRENCY} in flight for ${SECONDS} s`, loaded, SECONDS, await readCommitter());
if (profiler) {
  const profile = await profiler.stop();
  printCpuProfile(profile);
  // --cpu-out FILE: the raw profile (.cpuprofile, for Chrome DevTools or an inclusive-time breakdown).
  if (arg("cpu-out")) writeFileSync(arg("cpu-out"), JSON.stringify(profile));
}

await mf.dispose();
party.close();
removeBundle(bundleDir);
rmSync(dir, { recursive: true, force: true });
