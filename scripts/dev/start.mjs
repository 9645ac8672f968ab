// `npm start` (README.md): build the SPA, migrate the local D1, seed the demo organization when the
// database is empty, then run the worker (:8787) and the party server (:1999) until Ctrl-C.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrateEach, withLocalDatabases } from "../lib/local-d1.mjs";
import { seedOrganizations } from "../lib/seed-orgs.mjs";
import { unstable_readConfig } from "wrangler";
import { bundleWorker, fireScheduled, removeBundle, startCronTicker, startRuntime } from "../lib/runtime.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
// X_LOCAL_OBSERVABILITY=false: wrangler dev's local trace store (<state>/v3/observability) records
// every request URL, so a `?apiKey=` call would leave the full key on disk (docs/api-keys-in-urls.md).
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CI: process.env.CI ?? "true",
  NO_D1_WARNING: "true",
  X_LOCAL_OBSERVABILITY: "false",
};
const WORKER_PORT = Number(process.env.PORT ?? 8787);
const PARTY_PORT = Number(process.env.PARTY_PORT ?? 1999);
// The development values wrangler.toml must not carry (it is what `npm run deploy` ships): the local
// party server, and webhooks allowed to reach loopback receivers (docs/outbound-urls.md).
// LOG_SEGMENT_BUDGET_BYTES from the environment turns log segment rollover on locally (docs/scaling.md#the-budget-and-who-rolls-over).
const DEVELOPMENT_VARS = {
  PARTY_HOST: `127.0.0.1:${PARTY_PORT}`,
  ALLOW_PRIVATE_WEBHOOKS: "true",
  ...(process.env.LOG_SEGMENT_BUDGET_BYTES ? { LOG_SEGMENT_BUDGET_BYTES: process.env.LOG_SEGMENT_BUDGET_BYTES } : {}),
};
const persistTo = process.env.PERSIST_DIR ? ["--persist-to", process.env.PERSIST_DIR] : [];
const stateDir = process.env.PERSIST_DIR ?? path.join(root, ".wrangler");
// Where wrangler keeps local state: --persist-to, else .wrangler/state (D1 under <it>/v3/d1).
const persistRoot = process.env.PERSIST_DIR ? path.resolve(root, process.env.PERSIST_DIR) : path.join(root, ".wrangler", "state");
const DEV = process.argv.includes("--dev");

const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { cwd: root, env, stdio: "inherit", ...opts });

/** Local secrets live in .dev.vars (git-ignored), generated once per checkout. */
function devVars() {
  const file = path.join(root, ".dev.vars");
  if (!existsSync(file)) {
    const secret = () => randomBytes(32).toString("base64url");
    writeFileSync(file, `SESSION_SECRET=${secret()}\nPARTY_SECRET=${secret()}\n`, { mode: 0o600 });
  }
  return Object.fromEntries(
    readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => l.includes("="))
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1).trim()]),
  );
}

// WEB_DIST puts the built SPA somewhere else than web/dist and serves it from there (the browser
// tests build into their own state directory, so a concurrent build never swaps files under them).
const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, "web/dist");

function buildWeb() {
  if (process.env.SKIP_WEB_BUILD === "1" && existsSync(path.join(webDist, "index.html"))) return;
  console.log(`› building the dashboard (${path.relative(root, webDist) || webDist})`);
  const outDir = process.env.WEB_DIST ? ["--outDir", webDist, "--emptyOutDir"] : [];
  run(bin("vite"), ["build", "--config", "web/vite.config.ts", "--logLevel", "warn", ...outDir]);
}

// Every D1 binding of wrangler.toml: the control database DB, the data shards DATA_0, DATA_1, … and the
// log segment pool SEG_0, SEG_1, …
// (schema/shards.ts). One migration set applies to each (docs/data.md says which tables each uses).
const databases = unstable_readConfig({ config: path.join(root, "wrangler.toml") }).d1_databases.map((d) => d.binding);

/**
 * Migrates every database (each one's pending migrations, all in one local runtime:
 * scripts/lib/local-d1.mjs) and answers how many organizations the control database holds.
 */
async function migrate() {
  console.log(`› applying migrations to the local D1 databases (${databases.join(", ")})`);
  return withLocalDatabases({ root, persistRoot }, async (d1, config) => {
    await migrateEach(root, d1, config);
    return (await (await d1("DB")).prepare("SELECT count(*) AS n FROM organizations").first()).n;
  });
}

function seedIfEmpty(organizations) {
  // The one file that holds a key on purpose (mode 0600); DEMO_KEY_FILE keeps it out of the state directory.
  const keyFile = process.env.DEMO_KEY_FILE ? path.resolve(process.env.DEMO_KEY_FILE) : path.join(stateDir, "demo-api-key");
  if (organizations === 0) {
    console.log("› creating the demo organization");
    mkdirSync(stateDir, { recursive: true });
    seedOrganizations({ root, env, persistTo, tmpDir: stateDir, keyFile });
  }
  return existsSync(keyFile) ? readFileSync(keyFile, "utf8").trim() : null;
}

async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

const vars = devVars();
buildWeb();
const demoKey = seedIfEmpty(await migrate());

// partykit dev listens on 127.0.0.1 (patches/partykit+0.0.115.patch, applied by the postinstall);
// PARTYKIT_DEV_HOST, passed through from the environment, is the only way to bind it elsewhere.
const partyServer = () =>
  spawn(
    bin("partykit"),
    [
      "dev",
      "--port",
      String(PARTY_PORT),
      "--var",
      `PARTY_SECRET=${vars.PARTY_SECRET}`,
      "--disable-request-cf-fetch",
      "--no-hotkeys",
      "--persist",
      path.join(stateDir, "party"),
    ],
    { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] },
  );
const crons = unstable_readConfig({ config: path.join(root, "wrangler.toml") }).triggers.crons ?? [];

/** `npm start`: workerd through Miniflare's API, the built worker, the party server. */
async function runtime() {
  const bundleDir = bundleWorker({ root, assetsDir: webDist, env });
  // workerd gets the modules' contents in its config at start, so the bundle goes as soon as it runs
  // (and, should the start fail, at exit: Miniflare's own signal hook may end the process first).
  process.on("exit", () => removeBundle(bundleDir));
  const party = partyServer();
  let mf;
  let stopCrons = () => {};
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    stopCrons();
    if (party.exitCode === null) party.kill("SIGTERM");
    await mf?.dispose().catch(() => {});
    process.exit(code);
  };
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void stop(0));
  party.on("exit", (code) => void stop(code ?? 0));
  try {
    ({ mf } = await startRuntime({
      root,
      bundleDir,
      assetsDir: webDist,
      persistRoot,
      port: WORKER_PORT,
      vars: DEVELOPMENT_VARS,
    }));
  } catch (error) {
    console.error("The worker runtime did not start:", error);
    return stop(1);
  }
  removeBundle(bundleDir);
  stopCrons = startCronTicker(crons, fireScheduled(mf));
  return true;
}

/** `npm run dev`: wrangler dev (rebuild and reload on change), schedules fired over its local trigger route. */
function dev() {
  const children = [
    spawn(
      bin("wrangler"),
      [
        "dev",
        "--ip",
        "127.0.0.1",
        "--port",
        String(WORKER_PORT),
        ...Object.entries(DEVELOPMENT_VARS).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
        "--show-interactive-dev-session=false",
        ...persistTo,
        ...(process.env.WEB_DIST ? ["--assets", webDist] : []),
      ],
      { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] },
    ),
    partyServer(),
  ];
  const stop = () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  };
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => (stop(), process.exit(0)));
  for (const child of children) child.on("exit", (code) => (stop(), process.exit(code ?? 0)));
  return {
    startCrons: () =>
      startCronTicker(
        crons,
        async (cron) =>
          void (await fetch(`http://127.0.0.1:${WORKER_PORT}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(cron)}`)).arrayBuffer(),
      ),
  };
}

const devServer = DEV ? dev() : null;
if (!DEV) await runtime();
const ready = await waitFor(`http://127.0.0.1:${WORKER_PORT}/api/health`);
if (ready) devServer?.startCrons();
console.log(
  ready
    ? `\nPromptSentry is running${DEV ? " (development: wrangler dev, reloads on change)" : ""}\n  Dashboard and API  http://127.0.0.1:${WORKER_PORT}\n  Party server       ws://127.0.0.1:${PARTY_PORT}\n  Demo API key       ${demoKey ?? "(see .wrangler/demo-api-key)"}\n  Press Ctrl-C to stop.\n`
    : "The worker did not answer /api/health within 60 s",
);
