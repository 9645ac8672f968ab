// The product on workerd itself (issue 15): what `npm start` runs instead of `wrangler dev`, whose
// development proxy (request logging, live reload, a second workerd in front) capped even the
// health route near 560 req/s. Miniflare's own API starts one workerd with the worker wrangler
// would deploy and the bindings wrangler would give it in development, read from wrangler.toml by
// wrangler itself (`unstable_getMiniflareWorkerOptions`): local D1, the delivery queue and its
// consumer, the rate limits, e-mail, [vars] and .dev.vars, static assets with `run_worker_first`.
// State goes where `wrangler dev` / `wrangler d1 … --local` keep it (<persist>/v3), so migrations
// and seeding through wrangler and the running product see the same database files.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { Log, LogLevel, Miniflare, convertV4MiniflareOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { Cron } from "croner";

/**
 * Bundles the worker exactly as `wrangler deploy` would (esbuild, nodejs_compat polyfills, module
 * rules) into a fresh directory under <root>/.wrangler/tmp; returns that directory.
 * @param {{ root: string, assetsDir: string, env: NodeJS.ProcessEnv }} options
 */
export function bundleWorker({ root, assetsDir, env }) {
  const tmp = path.join(root, ".wrangler", "tmp");
  execFileSync("mkdir", ["-p", tmp]);
  const outDir = mkdtempSync(path.join(tmp, "start-"));
  const wrangler = path.join(root, "node_modules", ".bin", "wrangler");
  execFileSync(wrangler, ["deploy", "--dry-run", "--outdir", outDir, "--assets", assetsDir], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  return outDir;
}

/**
 * Starts workerd on host:port with the bundled worker; resolves once it accepts requests.
 * @param {{ root: string, bundleDir: string, assetsDir: string, persistRoot: string, port: number, vars?: Record<string, string> }} options
 */
export async function startRuntime({ root, bundleDir, assetsDir, persistRoot, port, vars = {} }) {
  const config = path.join(root, "wrangler.toml");
  // Called after the SPA build: wrangler reads web/dist/_headers into the asset options here.
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config, undefined, { overrides: { assets: { directory: assetsDir } } });
  const modules = readdirSync(bundleDir).filter((f) => f.endsWith(".js"));
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      rootPath: root,
      host: "127.0.0.1",
      port,
      // Miniflare's own warnings and errors only; no line per request. The worker's console
      // output (errors, schedule summaries) still reaches the terminal.
      log: new Log(LogLevel.WARN),
      logRequests: false,
      // Placeholder request.cf (the worker reads none of it) instead of fetching Cloudflare's at start.
      cf: false,
      resourcePersistencePath: path.join(persistRoot, "v3"),
      resourceTmpPath: path.join(root, ".wrangler", "tmp"),
      workers: [
        {
          ...workerOptions,
          name: "promptsentry",
          bindings: { ...workerOptions.bindings, ...vars },
          // The bundle is one ES module (wrangler's output); "index.js" first as the entrypoint.
          modules: modules.sort((a, b) => (a === "index.js" ? -1 : b === "index.js" ? 1 : 0)).map((f) => ({ type: "ESModule", path: path.join(bundleDir, f) })),
          modulesRoot: bundleDir,
        },
      ],
    }),
  );
  await mf.ready;
  return { mf, crons: workerOptions.cronTriggers ?? [] };
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
  return () => jobs.forEach((job) => job.stop());
}

/** Dispatches a `scheduled` event straight into the worker, without an HTTP trigger route. */
export const fireScheduled = (mf) => async (cron) => {
  const worker = await mf.getWorker();
  await worker.scheduled({ cron, scheduledTime: new Date() });
};

export const removeBundle = (bundleDir) => rmSync(bundleDir, { recursive: true, force: true });
