// What stands between a request and our health handler on the `npm start` runtime (docs/performance.md#the-local-runtime-npm-start), in
// one run, wrk on each of:
//   raw workerd   a hand-written capnp config, nothing in front (scripts/bench/lib/raw-workerd.mjs):
//                 the do-nothing worker, a bare Hono app, that app with our middleware added one at
//                 a time, and the product bundle itself (health needs no binding)
//   Miniflare     the do-nothing worker behind Miniflare's entry worker and on a direct socket
//   npm start     the product as scripts/lib/runtime.mjs starts it: behind the entry worker (before)
//                 and on its direct socket (now)
// Every figure is printed with its ratio to the raw do-nothing worker of the same run. Not part of
// `npm test`. Usage: npm run bench:runtime [-- --seconds 5 --connections 32 --only raw,cpu,miniflare,start] [--calls 2000]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { Agent } from "undici";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { unstable_readConfig } from "wrangler";
import { DO_NOTHING_WORKER, processCpuNs, startRawWorkerd } from "./lib/raw-workerd.mjs";
import { bundleWorker, removeBundle, startRuntime } from "../lib/runtime.mjs";
import { ensureWrk, runWrk } from "./lib/wrk.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SECONDS = Number(arg("seconds", 5));
const CONNECTIONS = Number(arg("connections", 32));
const only = arg("only")?.split(",");
const wants = (group) => !only || only.includes(group);
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };
const { compatibility_date: compatibilityDate, compatibility_flags: compatibilityFlags } = unstable_readConfig({
  config: path.join(root, "wrangler.toml"),
});
const portBase = 19_000 + Math.floor(Math.random() * 500);
let nextPort = portBase;
const port = () => nextPort++;

// Hono with our API middleware, one more each line (worker/src/app.ts runs them in this order before
// the health route; withDb and authenticate come after it and never run for it).
const HEALTH = `const health = (c) => c.json({ ok: true });`;
const MW = (names) => names.map((n) => `.use(${n})`).join("");
const IMPORTS = `import { Hono } from "hono";
import { apiSecurityHeaders } from "./worker/src/middleware/security-headers.ts";
import { queryKeyDeprecation } from "./worker/src/middleware/query-key-deprecation.ts";
import { defaultBodyLimit } from "./worker/src/middleware/body-limit.ts";
import { publicRoute } from "./worker/src/middleware/guard.ts";
import { onError, onNotFound } from "./worker/src/errors.ts";
import { arg } from "../lib/cli-args.mjs";
${HEALTH}`;
const honoVariants = [
  ["Hono, bare GET /api/health", `const app = new Hono().get("/api/health", health);`],
  ["+ security headers (secureHeaders + CSP)", `const app = new Hono()${MW(["apiSecurityHeaders"])}.get("/api/health", health);`],
  ["+ ?apiKey deprecation", `const app = new Hono()${MW(["apiSecurityHeaders", "queryKeyDeprecation"])}.get("/api/health", health);`],
  [
    "+ default body limit",
    `const app = new Hono()${MW(["apiSecurityHeaders", "queryKeyDeprecation", "defaultBodyLimit"])}.get("/api/health", health);`,
  ],
  [
    "+ app shape (/api sub-app, route doc, SPA catch-all, onError)",
    `const api = new Hono()${MW(["apiSecurityHeaders", "queryKeyDeprecation", "defaultBodyLimit"])}
  .route("/", new Hono().get("/health", publicRoute({ summary: "Liveness check", tag: "Account", answers: {} }), health));
const app = new Hono().route("/api", api).route("/", new Hono().on(["GET", "HEAD"], "*", (c) => c.notFound())).onError(onError).notFound(onNotFound);`,
  ],
  ["the product's app (worker/src/app.ts, every route)", `import { app } from "./worker/src/app.ts";`],
];

// The CPU a request costs inside workerd, without sockets, HTTP parsing or wrk: GET /__cpu?n=N
// answers after calling the worker's fetch N times with GET /api/health; the client times it.
const CPU_PROBE = `const cpuProbe = (worker) => ({
  async fetch(request, env, ctx) {
    const n = Number(new URL(request.url).searchParams.get("n"));
    const url = new URL("/api/health", request.url).href;
    for (let i = 0; i < n; i++) await (await worker.fetch(new Request(url), env, ctx)).arrayBuffer();
    return new Response(String(n));
  },
});`;
const CPU_ROUNDS = Number(arg("rounds", 7));
const CPU_CALLS = Number(arg("calls", 2000));

async function bundleVariant(code, probe) {
  const out = await build({
    stdin: {
      contents: `${IMPORTS}\n${code}\n${probe ? `${CPU_PROBE}\nexport default cpuProbe(app);` : "export default app;"}`,
      resolveDir: root,
      sourcefile: "variant.js",
      loader: "js",
    },
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    external: ["node:*", "cloudflare:*"],
    minify: true,
    logLevel: "error",
  });
  return out.outputFiles[0].text;
}

ensureWrk();
const results = [];
/**
 * Microseconds of workerd's CPU per request: the workerd process's own CPU time (its threads'
 * schedstat) across one loop of CPU_CALLS calls, so other processes' load barely moves it; each
 * target's best of CPU_ROUNDS, the targets taking turns.
 */
async function measureCpu(pid, targets) {
  const best = targets.map(() => Infinity);
  for (let round = 0; round < CPU_ROUNDS; round++) {
    for (const [i, { url }] of targets.entries()) {
      const before = processCpuNs(pid);
      // A fresh connection: one left idle through the wrk runs may have been closed by workerd.
      const res = await fetch(`${url}/__cpu?n=${CPU_CALLS}`, { dispatcher: new Agent({ pipelining: 0 }) });
      await res.text();
      if (!res.ok) throw new Error(`${targets[i].label}: ${res.status}`);
      best[i] = Math.min(best[i], processCpuNs(pid) - before);
    }
  }
  for (const [i, { label }] of targets.entries()) cpu.push({ label, us: best[i] / 1000 / CPU_CALLS });
}
const cpu = [];
const measure = (label, url) => {
  process.stdout.write(`› ${label}… `);
  const r = runWrk({ url: `${url}/api/health`, seconds: SECONDS, connections: CONNECTIONS });
  console.log(`${Math.round(r.rps)} req/s, p50 ${r.p50} ms${r.failed ? `, ${r.failed} failed` : ""}`);
  results.push({ label, ...r });
};
const loadBefore = loadavg();
const bundleDir = bundleWorker({ root, assetsDir: path.join(root, "web/dist"), env });
const cleanups = [() => removeBundle(bundleDir)];
/**
 * The product bundled as wrangler does by default (keep_names on), for the CPU comparison: a copy of
 * wrangler.toml beside it (relative paths stay right) without our `keep_names = false`.
 */
function keepNamesBundle() {
  const config = path.join(root, ".wrangler-bench-keep-names.toml");
  writeFileSync(config, readFileSync(path.join(root, "wrangler.toml"), "utf8").replace(/^keep_names\s*=.*$/m, ""));
  try {
    const dir = bundleWorker({ root, assetsDir: path.join(root, "web/dist"), env, config });
    cleanups.push(() => removeBundle(dir));
    return dir;
  } finally {
    rmSync(config, { force: true });
  }
}
try {
  if (wants("raw") || wants("cpu")) {
    const probed = wants("cpu");
    const sources = await Promise.all(honoVariants.map(([, code]) => bundleVariant(code, false)));
    const probes = probed ? await Promise.all(honoVariants.map(([, code]) => bundleVariant(code, true))) : [];
    const worker = (name, modules, flags = []) => ({ name, port: port(), compatibilityDate, compatibilityFlags: flags, modules });
    const productModule = { name: "index.js", path: path.join(bundleDir, "index.js") };
    // The do-nothing worker answering with the headers our health route sends (taken from the
    // product itself): the most a route whose answers carry the security headers can do here.
    const probe = await startRawWorkerd({ workers: [worker("headers", [productModule], compatibilityFlags)] });
    const sent = await fetch(`${probe.urls[0]}/api/health`);
    const healthHeaders = Object.fromEntries([...sent.headers].filter(([name]) => name !== "content-length"));
    await sent.arrayBuffer();
    await probe.stop();
    const targets = [
      ["(a) raw workerd: do-nothing worker", worker("nothing", [{ name: "worker.js", contents: DO_NOTHING_WORKER }])],
      [
        "(a) raw workerd: do-nothing worker with our health route's response headers",
        worker("nothing-headers", [
          {
            name: "worker.js",
            contents: `const headers = ${JSON.stringify(healthHeaders)};\nexport default { fetch: () => new Response('{"ok":true}', { headers }) };`,
          },
        ]),
      ],
      ...honoVariants.map(([label], i) => [
        `(e) raw workerd: ${label}`,
        worker(`hono-${i}`, [{ name: "worker.js", contents: sources[i] }]),
      ]),
      ["(d) raw workerd: product bundle, GET /api/health", worker("product", [productModule], compatibilityFlags)],
    ];
    const cpuTargets = probed
      ? [
          [
            "do-nothing worker",
            worker("nothing-cpu", [
              { name: "worker.js", contents: `${CPU_PROBE}\nexport default cpuProbe({ fetch: () => Response.json({ ok: true }) });` },
            ]),
          ],
          ...honoVariants.map(([label], i) => [label, worker(`hono-cpu-${i}`, [{ name: "worker.js", contents: probes[i] }])]),
          ...[
            ["product bundle (wrangler.toml: keep_names = false)", productModule],
            [
              "product bundle with wrangler's default keep_names = true",
              { name: "index.js", path: path.join(keepNamesBundle(), "index.js") },
            ],
          ].map(([label, module], i) => [
            label,
            worker(
              `product-cpu-${i}`,
              [
                { name: "probe.js", contents: `import product from "./index.js";\n${CPU_PROBE}\nexport default cpuProbe(product);` },
                module,
              ],
              compatibilityFlags,
            ),
          ]),
        ]
      : [];
    const raw = await startRawWorkerd({ workers: [...targets, ...cpuTargets].map(([, w]) => w) });
    cleanups.push(raw.stop);
    if (wants("raw")) for (const [i, [label]] of targets.entries()) measure(label, raw.urls[i]);
    if (probed) {
      process.stdout.write(`› CPU a request inside workerd, ${cpuTargets.length} workers taking turns… `);
      await measureCpu(
        raw.pid,
        cpuTargets.map(([label], i) => ({ label, url: raw.urls[targets.length + i] })),
      );
      console.log("done");
    }
  }
  if (wants("miniflare")) {
    const mf = new Miniflare(
      convertV4MiniflareOptions({
        modules: true,
        script: DO_NOTHING_WORKER,
        compatibilityDate,
        host: "127.0.0.1",
        port: 0,
        cf: false,
        logRequests: false,
        unsafeDirectSockets: [{ host: "127.0.0.1", port: port() }],
      }),
    );
    cleanups.push(() => mf.dispose());
    const entry = (await mf.ready).href.replace(/\/$/, "");
    const direct = (await mf.unsafeGetDirectURL()).href.replace(/\/$/, "");
    measure("(b) Miniflare entry worker: do-nothing worker", entry);
    measure("(c) Miniflare direct socket: do-nothing worker", direct);
  }
  if (wants("start")) {
    const persistRoot = mkdtempSync(path.join(tmpdir(), "bench-runtime-"));
    cleanups.push(() => rmSync(persistRoot, { recursive: true, force: true }));
    for (const direct of [false, true]) {
      const { mf, url } = await startRuntime({
        root,
        bundleDir,
        assetsDir: path.join(root, "web/dist"),
        persistRoot,
        port: port(),
        direct,
      });
      measure(`(d) npm start runtime, ${direct ? "direct socket (now)" : "behind Miniflare's entry worker (before)"}: health`, url);
      await mf.dispose();
    }
  }
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}

const ceiling = results.find((r) => r.label.startsWith("(a)"))?.rps;
const fmt = (n) => Math.round(n).toLocaleString("en");
console.log(
  `\nload average ${loadBefore.map((l) => l.toFixed(2)).join(" ")} before, ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")} after; wrk -t2 -c${CONNECTIONS} ${SECONDS}s each, one run`,
);
console.log(`| GET /api/health | req/s | p50 ms |${ceiling ? " vs raw do-nothing |" : ""}\n|---|---|---|${ceiling ? "---|" : ""}`);
for (const r of results)
  console.log(`| ${r.label} | ${fmt(r.rps)} | ${r.p50.toFixed(2)} |${ceiling ? ` ${(r.rps / ceiling).toFixed(2)}× |` : ""}`);
if (cpu.length) {
  console.log(
    `\n| Inside workerd, GET /api/health (workerd's CPU time, best of ${CPU_ROUNDS} × ${CPU_CALLS} calls) | µs a request | added by this line |\n|---|---|---|`,
  );
  for (const [i, c] of cpu.entries())
    console.log(`| ${c.label} | ${c.us.toFixed(1)} | ${i ? `${(c.us - cpu[i - 1].us).toFixed(1)}` : "-"} |`);
}
