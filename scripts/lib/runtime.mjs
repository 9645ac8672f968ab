// The product on workerd itself (docs/performance.md#the-local-runtime-npm-start): what `npm start` runs instead of `wrangler dev`, whose
// development proxy (request logging, live reload, a second workerd in front) capped even the
// health route near 560 req/s. Miniflare's own API starts one workerd with the worker wrangler
// would deploy and the bindings wrangler would give it in development, read from wrangler.toml by
// wrangler itself (`unstable_getMiniflareWorkerOptions`): local D1, the delivery queue and its
// consumer, the rate limits (counted in memory in the product's isolate: local-rate-limits.mjs), e-mail, [vars] and
// .dev.vars, static assets with `run_worker_first`.
// State goes where `wrangler dev` / `wrangler d1 … --local` keep it (<persist>/v3), so migrations
// and seeding through wrangler and the running product see the same database files.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { Log, LogLevel, Miniflare, convertV4MiniflareOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { Cron } from "croner";
import { inMemoryRateLimits } from "./local-rate-limits.mjs";

/**
 * Bundles the worker exactly as `wrangler deploy` would (esbuild, nodejs_compat polyfills, module
 * rules) into a fresh directory under <root>/.wrangler/tmp; returns that directory. `config`: another
 * wrangler configuration than wrangler.toml (scripts/bench/runtime.mjs).
 * @param {{ root: string, assetsDir: string, env: NodeJS.ProcessEnv, config?: string }} options
 */
export function bundleWorker({ root, assetsDir, env, config }) {
  const tmp = path.join(root, ".wrangler", "tmp");
  mkdirSync(tmp, { recursive: true });
  const outDir = mkdtempSync(path.join(tmp, "start-"));
  const wrangler = path.join(root, "node_modules", ".bin", "wrangler");
  execFileSync(wrangler, ["deploy", "--dry-run", "--outdir", outDir, "--assets", assetsDir, ...(config ? ["--config", config] : [])], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  return outDir;
}

/**
 * Starts workerd on 127.0.0.1:port with the bundled worker; resolves once it accepts requests, with
 * the Miniflare instance and the URL the product answers on.
 * `entry` names the bundle's entry module (scripts/bench/profile-ingest.mjs wraps the worker in its own).
 * `direct` (the default) serves the worker on a socket of its own (see `directSocket`); false puts
 * Miniflare's entry worker in front of it, as before (scripts/bench/runtime.mjs compares the two).
 * @param {{ root: string, bundleDir: string, assetsDir: string, persistRoot: string, port: number, vars?: Record<string, string>, entry?: string, direct?: boolean, inspectorPort?: number }} options
 */
export async function startRuntime({
  root,
  bundleDir,
  assetsDir,
  persistRoot,
  port,
  vars = {},
  entry = "index.js",
  direct = true,
  inspectorPort,
}) {
  const config = path.join(root, "wrangler.toml");
  // Called after the SPA build: wrangler reads web/dist/_headers into the asset options here.
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config, undefined, { overrides: { assets: { directory: assetsDir } } });
  const bundle = readdirSync(bundleDir).filter((f) => f.endsWith(".js"));
  const { modulesRules: _rules, ...options } = workerOptions;
  const worker = {
    ...options,
    name: "promptsentry",
    bindings: { ...options.bindings, ...vars },
    // wrangler's output is one ES module, index.js; the entry module comes first.
    modules: bundle
      .sort((a, b) => (a === entry ? -1 : b === entry ? 1 : 0))
      .map((f) => ({ type: "ESModule", path: path.join(bundleDir, f) })),
    modulesRoot: bundleDir,
  };
  const workers = routeAssetsDirectly(worker);
  const front = direct ? directSocket(workers, port) : null;
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      rootPath: root,
      host: "127.0.0.1",
      // With a direct socket the product answers on `port`; Miniflare's own entry (still used to
      // dispatch cron events, fireScheduled) takes a free port.
      port: front ? 0 : port,
      // A DevTools endpoint for CPU profiles of the worker's isolate (scripts/bench/profile-ingest.mjs --cpu).
      ...(inspectorPort ? { inspectorPort } : {}),
      // Miniflare's own warnings and errors only; no line per request. The worker's console
      // output (errors, schedule summaries) still reaches the terminal.
      log: new Log(LogLevel.WARN),
      logRequests: false,
      // Placeholder request.cf (the worker reads none of it) instead of fetching Cloudflare's at start.
      cf: false,
      resourcePersistencePath: path.join(persistRoot, "v3"),
      resourceTmpPath: path.join(root, ".wrangler", "tmp"),
      // The rate limits count in memory, as on Cloudflare, not in Miniflare's SQLite object (local-rate-limits.mjs).
      workers: inMemoryRateLimits(front?.workers ?? workers),
    }),
  );
  const entryUrl = await mf.ready;
  const url = front ? await mf.unsafeGetDirectURL(worker.name) : entryUrl;
  return { mf, url: url.href.replace(/\/$/, ""), crons: workerOptions.cronTriggers ?? [] };
}

const ASSETS_WORKER = "promptsentry-assets";

/**
 * Miniflare's front door is a worker of its own (the entry worker: request.cf, URL rewriting, its
 * error pages), one more isolate hop and its JavaScript on every request before ours runs. Its
 * `unsafeDirectSockets` option binds a workerd socket straight to a worker instead, so requests
 * reach the product's fetch handler with nothing in between (scripts/bench/runtime.mjs measures
 * both). That socket cannot route by path, so when the assets were split off (routeAssetsDirectly),
 * the excluded globs are answered by a generated entry module ahead of the product's: a matching
 * URL goes to the ASSETS binding (the assets-only worker, as its route did before), everything else
 * to the product's own handlers, unchanged. Returns null (keep the entry worker) when the product
 * worker still holds the assets itself, whose direct socket Miniflare would put behind the router.
 */
function directSocket(workers, port) {
  const [product, assetsWorker] = workers;
  if (product.assets) return null;
  const socket = { unsafeDirectSockets: [{ host: "127.0.0.1", port }] };
  if (!assetsWorker) return { workers: [{ ...product, ...socket }] };
  const [entryModule, ...rest] = product.modules;
  const frontDoor = {
    type: "ESModule",
    path: path.join(product.modulesRoot, "front-door.mjs"),
    contents: frontDoorModule(path.basename(entryModule.path), assetsWorker.routes, assetsBindingOf(product)),
  };
  return { workers: [{ ...product, ...socket, modules: [frontDoor, entryModule, ...rest] }, assetsWorker] };
}

/** The product's binding that names the assets-only worker (ASSETS in wrangler.toml). */
const assetsBindingOf = (product) => Object.keys(product.serviceBindings).find((k) => product.serviceBindings[k].name === ASSETS_WORKER);

/**
 * The generated entry: requests whose path matches one of the assets worker's routes (`*\/assets/*`)
 * go to `binding`, decided by one regular expression on the URL string (no URL parsed per request);
 * the rest, and the queue and scheduled handlers, are the product's own.
 */
export function frontDoorModule(entryFile, routes, binding) {
  const literal = (s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  const paths = routes.map((route) => literal(route.replace(/^\*/, "")).replaceAll("*", "[^?#]*"));
  const pattern = `^[a-z]+://[^/]+(?:${paths.join("|")})(?:[?#]|$)`;
  return `import worker from "./${entryFile}";
export * from "./${entryFile}";
const assetPath = new RegExp(${JSON.stringify(pattern)});
export default {
  ...worker,
  fetch: (request, env, ctx) => (assetPath.test(request.url) ? env[${JSON.stringify(binding)}].fetch(request) : worker.fetch(request, env, ctx)),
};
`;
}

/**
 * Miniflare's asset worker marks single-page-application fallbacks with a debug header for its
 * request log, `X-Mf-Additional-Response-Log`, which its entry worker removes before answering. With
 * the product on a direct socket no entry worker is in front, so the assets-only worker removes it
 * (as the entry worker does: a copy of the answer without it); it does not exist in production.
 */
export const MINIFLARE_LOG_HEADER = "X-Mf-Additional-Response-Log";
const ASSETS_ENTRYPOINT = "assets";
const ASSETS_ONLY_WORKER = `export const ${ASSETS_ENTRYPOINT} = {
  async fetch(request, env) {
    const res = await env.ASSETS.fetch(request);
    if (!res.headers.has(${JSON.stringify(MINIFLARE_LOG_HEADER)})) return res;
    const answer = new Response(res.body, res);
    answer.headers.delete(${JSON.stringify(MINIFLARE_LOG_HEADER)});
    return answer;
  },
};
export default ${ASSETS_ENTRYPOINT};`;

/**
 * `run_worker_first = ["/*", "!/assets/*"]` sends every request to the worker except the hashed
 * bundles. Miniflare implements it with Cloudflare's asset router in front of the worker: two more
 * isolate hops on every API call, which halved health-route throughput here. When the rule is
 * "everything but these globs" (user_worker has "/*"), the same split is made at workerd's front
 * door instead: the worker is the default target and a small assets-only worker owns the excluded
 * globs as routes, serving them (with _headers and not-found handling) from the same asset worker.
 * The product worker's ASSETS binding points at that worker, so pages it serves are unchanged.
 * Any other run_worker_first shape keeps Miniflare's router.
 */
function routeAssetsDirectly(worker) {
  const { assets } = worker;
  const routing = assets?.routerConfig?.static_routing;
  if (!assets?.binding || !routing?.user_worker?.includes("/*")) return [worker];
  const { assets: _assets, ...rest } = worker;
  return [
    // A named entrypoint (workerd accepts no "default" here): a binding to a worker with assets
    // otherwise goes through Miniflare's asset router again, whose asset answers never reach the
    // script above (MINIFLARE_LOG_HEADER).
    { ...rest, serviceBindings: { ...rest.serviceBindings, [assets.binding]: { name: ASSETS_WORKER, entrypoint: ASSETS_ENTRYPOINT } } },
    {
      name: ASSETS_WORKER,
      compatibilityDate: worker.compatibilityDate,
      modules: true,
      script: ASSETS_ONLY_WORKER,
      routes: (routing.asset_worker ?? []).map((glob) => `*${glob}`),
      assets: { directory: assets.directory, binding: "ASSETS", assetConfig: assets.assetConfig },
    },
  ];
}

/**
 * Fires each cron schedule (wrangler.toml [triggers]) when it is due in UTC, as Cloudflare does;
 * neither workerd nor `wrangler dev` runs cron triggers by themselves. A run still going when its
 * schedule comes round again is not doubled (`protect`). Returns a function that stops them.
 * @param {string[]} crons
 * @param {(cron: string) => Promise<void>} fire
 */
export function startCronTicker(crons, fire) {
  const jobs = crons.map(
    (cron) =>
      new Cron(cron, { timezone: "UTC", protect: true }, async () => {
        try {
          await fire(cron);
        } catch (error) {
          console.error(`schedule "${cron}" failed:`, error);
        }
      }),
  );
  return () => {
    for (const job of jobs) job.stop();
  };
}

/** Dispatches a `scheduled` event straight into the worker, without an HTTP trigger route. */
export const fireScheduled = (mf) => async (cron) => {
  const worker = await mf.getWorker();
  await worker.scheduled({ cron, scheduledTime: new Date() });
};

export const removeBundle = (bundleDir) => rmSync(bundleDir, { recursive: true, force: true });
