// `npm start` (README.md): build the SPA, migrate the local D1, seed the demo organization when the
// database is empty, then run the worker (:8787) and the party server (:1999) until Ctrl-C.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
// X_LOCAL_OBSERVABILITY=false: wrangler dev's local trace store (<state>/v3/observability) records
// every request URL, so a `?apiKey=` call would leave the full key on disk (docs/api-keys-in-urls.md).
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: process.env.CI ?? "true", NO_D1_WARNING: "true", X_LOCAL_OBSERVABILITY: "false" };
const WORKER_PORT = Number(process.env.PORT ?? 8787);
const PARTY_PORT = Number(process.env.PARTY_PORT ?? 1999);
const persistTo = process.env.PERSIST_DIR ? ["--persist-to", process.env.PERSIST_DIR] : [];
const stateDir = process.env.PERSIST_DIR ?? path.join(root, ".wrangler");

const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { cwd: root, env, stdio: "inherit", ...opts });
const capture = (cmd, args) => execFileSync(cmd, args, { cwd: root, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

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

function migrate() {
  console.log("› applying migrations to the local D1");
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", ...persistTo], { stdio: ["ignore", "ignore", "inherit"] });
}

function seedIfEmpty() {
  // The one file that holds a key on purpose (mode 0600); DEMO_KEY_FILE keeps it out of the state directory.
  const keyFile = process.env.DEMO_KEY_FILE ? path.resolve(process.env.DEMO_KEY_FILE) : path.join(stateDir, "demo-api-key");
  const out = capture(bin("wrangler"), ["d1", "execute", "DB", "--local", ...persistTo, "--json", "--command", "SELECT count(*) AS n FROM organizations"]);
  const count = JSON.parse(out)[0].results[0].n;
  if (count === 0) {
    console.log("› creating the demo organization");
    mkdirSync(stateDir, { recursive: true });
    const sqlFile = path.join(stateDir, "demo-seed.sql");
    run(bin("tsx"), ["scripts/seed.ts", sqlFile, keyFile]);
    run(bin("wrangler"), ["d1", "execute", "DB", "--local", ...persistTo, "--file", sqlFile], { stdio: ["ignore", "ignore", "inherit"] });
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
migrate();
const demoKey = seedIfEmpty();

const children = [
  spawn(bin("wrangler"), ["dev", "--ip", "127.0.0.1", "--port", String(WORKER_PORT), "--var", `PARTY_HOST:127.0.0.1:${PARTY_PORT}`, "--show-interactive-dev-session=false", ...persistTo, ...(process.env.WEB_DIST ? ["--assets", webDist] : [])], { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] }),
  spawn(bin("partykit"), ["dev", "--port", String(PARTY_PORT), "--var", `PARTY_SECRET=${vars.PARTY_SECRET}`, "--disable-request-cf-fetch", "--no-hotkeys", "--persist", path.join(stateDir, "party")], { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] }),
];
const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => (stop(), process.exit(0)));
for (const child of children) child.on("exit", (code) => (stop(), process.exit(code ?? 0)));

// wrangler dev does not fire cron triggers by itself: every minute, run the schedules of
// wrangler.toml whose minute field matches ("*", "*/n" or "n"; the other fields are "*" there)
// through Miniflare's local scheduled endpoint, so retention, anomalies and metrics run locally too.
function startCronTicker() {
  const crons = [...readFileSync(path.join(root, "wrangler.toml"), "utf8").matchAll(/"((?:\S+ ){4}\S+)"/g)].map((m) => m[1]);
  const due = (cron, minute) => {
    const field = cron.split(" ")[0];
    if (field === "*") return true;
    if (field.startsWith("*/")) return minute % Number(field.slice(2)) === 0;
    return Number(field) === minute;
  };
  const tick = async () => {
    const minute = new Date().getUTCMinutes();
    for (const cron of crons.filter((c) => due(c, minute))) {
      await fetch(`http://127.0.0.1:${WORKER_PORT}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(cron)}`).catch(() => {});
    }
  };
  const msToNextMinute = 60_000 - (Date.now() % 60_000);
  setTimeout(() => {
    void tick();
    setInterval(tick, 60_000).unref();
  }, msToNextMinute).unref();
}

const ready = await waitFor(`http://127.0.0.1:${WORKER_PORT}/api/health`);
if (ready) startCronTicker();
console.log(
  ready
    ? `\nPromptSentry is running\n  Dashboard and API  http://127.0.0.1:${WORKER_PORT}\n  Party server       ws://127.0.0.1:${PARTY_PORT}\n  Demo API key       ${demoKey ?? "(see .wrangler/demo-api-key)"}\n  Press Ctrl-C to stop.\n`
    : "The worker did not answer /api/health within 60 s",
);
