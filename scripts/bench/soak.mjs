// Durability soak (not in `npm test`): ingests at a steady rate while the local worker is killed
// (SIGKILL, mid-request) and restarted several times. The client does what an SDK should: every
// request carries an Idempotency-Key and is retried with exponential backoff on network errors, 5xx
// and 429. At the end every log is read back by its identity (userId = the run, metadata.seq) and
// the run prints sent / acknowledged / found / duplicates / lost; it exits 1 unless lost and
// duplicates are 0 and every acknowledged id is the stored one.
// Usage: npm run soak [-- --seconds 120 --rate 50 --restarts 4 --batch-every 10 --batch-size 5 --concurrency 32]
// (or SOAK_SECONDS, SOAK_RATE, SOAK_RESTARTS, SOAK_BATCH_EVERY, SOAK_BATCH_SIZE, SOAK_CONCURRENCY). Its own stack:
// spare port, throwaway database, the demo organization (Enterprise: no quota, high rate limit).
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrateLocalDatabases } from "../lib/local-d1.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const option = (name, env, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? process.argv[i + 1] : process.env[env];
  const n = Number(value ?? fallback);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number`);
  return n;
};
const SECONDS = option("seconds", "SOAK_SECONDS", 120);
const RATE = option("rate", "SOAK_RATE", 50);
const RESTARTS = option("restarts", "SOAK_RESTARTS", 4);
const BATCH_EVERY = option("batch-every", "SOAK_BATCH_EVERY", 10);
const BATCH_SIZE = option("batch-size", "SOAK_BATCH_SIZE", 5);
/** Requests in flight at once, as an SDK's connection pool would allow: a backlog waits in the client, not in sockets. */
const CONCURRENCY = Math.max(1, option("concurrency", "SOAK_CONCURRENCY", 32));
/** Client policy: backoff 100 ms · 2^n (±50 %), capped at 3 s; a request abandoned after 15 s; give up after 3 minutes. */
const BACKOFF_FIRST_MS = 100;
const BACKOFF_MAX_MS = 3_000;
const REQUEST_TIMEOUT_MS = 15_000;
const GIVE_UP_MS = 180_000;

const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", NO_D1_WARNING: "true" };
const port = 18_900 + Math.floor(Math.random() * 90);
const BASE = `http://127.0.0.1:${port}`;
const dir = mkdtempSync(path.join(tmpdir(), "promptsentry-soak-"));
const run = randomBytes(4).toString("hex");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const elapsed = (t0) => `${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s`;

// ── The stack: migrations and the demo organization once, then a worker that can be killed ────────
async function prepare() {
  const persist = ["--persist-to", dir];
  const quiet = { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] };
  // The control database and every data shard (wrangler.toml's D1 bindings), as npm start does.
  await migrateLocalDatabases({ root, persistRoot: dir });
  execFileSync(
    bin("tsx"),
    ["scripts/dev/seed.ts", path.join(dir, "seed.sql"), path.join(dir, "seed-data.sql"), path.join(dir, "demo-api-key")],
    quiet,
  );
  execFileSync(bin("wrangler"), ["d1", "execute", "DB", "--local", ...persist, "--file", path.join(dir, "seed.sql")], quiet);
  execFileSync(bin("wrangler"), ["d1", "execute", "DATA_0", "--local", ...persist, "--file", path.join(dir, "seed-data.sql")], quiet);
  // The API is all this run calls; an empty page stands in for the dashboard build.
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "assets", "index.html"), "<!doctype html><title>soak</title>");
  return readFileSync(path.join(dir, "demo-api-key"), "utf8").trim();
}

let worker = null;
let generation = 0;
function startWorker() {
  const log = openSync(path.join(dir, `worker-${generation++}.log`), "w");
  // Own process group, so a kill takes wrangler and its workerd together, as a crash would.
  worker = spawn(
    bin("wrangler"),
    [
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      dir,
      "--assets",
      path.join(dir, "assets"),
      // No party server in this run: the realtime notify fails fast and is not waited on.
      "--var",
      "PARTY_HOST:127.0.0.1:1",
      "--show-interactive-dev-session=false",
    ],
    { cwd: root, env, stdio: ["ignore", log, log], detached: true },
  );
}

function killWorker(signal = "SIGKILL") {
  if (!worker || worker.exitCode !== null) return;
  try {
    process.kill(-worker.pid, signal);
  } catch {}
}

async function waitHealthy(timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {}
    await sleep(200);
  }
  throw new Error(`the worker did not come up in ${timeoutMs / 1000} s (logs in ${dir})`);
}

// ── The client ─────────────────────────────────────────────────────────────────────────────────
const stats = { requests: 0, retries: 0, networkErrors: 0, serverErrors: 0, throttled: 0, replayed: 0, rejected: 0, gaveUp: 0 };
/** seq → the id the API acknowledged for it. */
const acknowledged = new Map();
let sent = 0;
let lastAckAt = 0;

const logFor = (seq, unit) => ({
  prompt: `Soak ${run} #${seq}: summarise the on-call handover for the payments team.`,
  response: `Handover #${seq}: no open incidents.`,
  model: "gpt-4",
  userId: `soak-${run}`,
  sessionId: unit,
  tokenCount: 100 + (seq % 50),
  metadata: { soakRun: run, seq },
});

let inFlight = 0;
const waiting = [];
async function withSlot(fn) {
  if (inFlight >= CONCURRENCY) await new Promise((r) => waiting.push(r));
  inFlight++;
  try {
    return await fn();
  } finally {
    inFlight--;
    waiting.shift()?.();
  }
}

/** Sends one request until it is acknowledged, refused with a 4xx, or GIVE_UP_MS pass after its first try. */
async function deliver(unit, seqs, key) {
  const single = seqs.length === 1;
  const body = single ? logFor(seqs[0], unit) : { logs: seqs.map((s) => logFor(s, unit)) };
  let started = 0;
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) stats.retries++;
    stats.requests++;
    let wait = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** attempt) * (0.5 + Math.random());
    try {
      const { res, text } = await withSlot(async () => {
        started ||= Date.now();
        const res = await fetch(`${BASE}/api/logs${single ? "" : "/batch"}`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${key}`, "idempotency-key": unit },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        return { res, text: await res.text() };
      });
      if (res.status === 201) {
        if (res.headers.get("idempotent-replayed") === "true") stats.replayed++;
        const json = JSON.parse(text);
        const ids = single ? [json.id] : json.ids;
        for (const [i, s] of seqs.entries()) acknowledged.set(s, ids[i]);
        lastAckAt = Date.now();
        return;
      }
      if (res.status === 429) {
        stats.throttled++;
        wait = Math.max(wait, Number(res.headers.get("retry-after") ?? 0) * 1000);
      } else if (res.status >= 500) stats.serverErrors++;
      else {
        stats.rejected++;
        console.error(`unit ${unit} refused: ${res.status} ${text.slice(0, 200)}`);
        return;
      }
    } catch {
      stats.networkErrors++;
    }
    if (Date.now() - started > GIVE_UP_MS) {
      stats.gaveUp++;
      return;
    }
    await sleep(wait);
  }
}

/** Units at a steady rate of RATE logs a second: singles, and every BATCH_EVERY-th unit a batch. */
async function ingest(key, t0) {
  const inflight = new Set();
  let next = Date.now();
  for (let u = 0; Date.now() - t0 < SECONDS * 1000; u++) {
    const size = BATCH_EVERY > 0 && BATCH_SIZE > 1 && u % BATCH_EVERY === BATCH_EVERY - 1 ? BATCH_SIZE : 1;
    const seqs = Array.from({ length: size }, (_, i) => sent + i);
    sent += size;
    const p = deliver(`soak-${run}-u${u}`, seqs, key).finally(() => inflight.delete(p));
    inflight.add(p);
    next += (size / RATE) * 1000;
    await sleep(Math.max(0, next - Date.now()));
  }
  await Promise.all(inflight);
}

/** Kills the worker RESTARTS times, evenly over the run, and starts it again each time. */
async function chaos(t0) {
  const restarts = [];
  for (let k = 0; k < RESTARTS; k++) {
    await sleep(Math.max(0, t0 + ((k + 0.5) * SECONDS * 1000) / RESTARTS - Date.now()));
    killWorker();
    const killedAt = Date.now();
    console.log(`${elapsed(t0)}  SIGKILL worker (restart ${k + 1}/${RESTARTS}, ${sent} sent, ${acknowledged.size} acknowledged)`);
    await new Promise((r) => (worker.exitCode !== null || worker.signalCode ? r() : worker.once("exit", r)));
    startWorker();
    await waitHealthy();
    restarts.push(Date.now() - killedAt);
    console.log(`${elapsed(t0)}  worker back after ${((Date.now() - killedAt) / 1000).toFixed(1)} s`);
  }
  return restarts;
}

/** Every stored log of this run, streamed from the JSON Lines export filtered on the run's userId. */
async function readBack(key) {
  const res = await fetch(`${BASE}/api/logs/export?format=jsonl&userId=${encodeURIComponent(`soak-${run}`)}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  if (!res.ok) throw new Error(`export failed: ${res.status} ${await res.text()}`);
  return (await res.text())
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

let failed = true;
try {
  console.log(
    `soak ${run}: ${RATE} logs/s for ${SECONDS} s, ${RESTARTS} worker kills, a batch of ${BATCH_SIZE} every ${BATCH_EVERY} requests (${dir})`,
  );
  const key = await prepare();
  startWorker();
  await waitHealthy();
  const t0 = Date.now();
  const [, restarts] = await Promise.all([ingest(key, t0), chaos(t0)]);
  await waitHealthy();
  const stored = await readBack(key);

  const rowsBySeq = new Map();
  let foreign = 0;
  for (const log of stored) {
    const seq = log.metadata?.seq;
    if (log.metadata?.soakRun !== run || !Number.isInteger(seq) || log.prompt !== logFor(seq, "").prompt) foreign++;
    else rowsBySeq.set(seq, [...(rowsBySeq.get(seq) ?? []), log.id]);
  }
  const found = rowsBySeq.size;
  const duplicates = [...rowsBySeq.values()].reduce((n, ids) => n + ids.length - 1, 0);
  const lost = Array.from({ length: sent }, (_, s) => s).filter((s) => !rowsBySeq.has(s));
  const lostAcknowledged = lost.filter((s) => acknowledged.has(s));
  // An acknowledged id must be the id of the row that is stored (a replay answers the first request's rows).
  const mismatched = [...acknowledged].filter(([s, id]) => rowsBySeq.has(s) && !rowsBySeq.get(s).includes(id));

  console.log(
    `\nrate          ${(sent / SECONDS).toFixed(1)} logs/s offered; the last acknowledged ${((lastAckAt - t0) / 1000).toFixed(0)} s after the start`,
  );
  console.log(`restarts      ${restarts.length} (back after ${restarts.map((ms) => (ms / 1000).toFixed(1)).join(", ")} s)`);
  console.log(
    `requests      ${stats.requests} (${stats.retries} retries: ${stats.networkErrors} network errors, ${stats.serverErrors} 5xx, ${stats.throttled} 429; ${stats.replayed} answered as replays)`,
  );
  console.log(`sent          ${sent}`);
  console.log(`acknowledged  ${acknowledged.size}`);
  console.log(`found         ${found}`);
  console.log(`duplicates    ${duplicates}`);
  console.log(
    `lost          ${lost.length}${lost.length ? ` (${lostAcknowledged.length} of them acknowledged; seq ${lost.slice(0, 10).join(", ")}${lost.length > 10 ? ", ..." : ""})` : ""}`,
  );
  if (mismatched.length)
    console.log(
      `ack ≠ stored  ${mismatched.length} (e.g. seq ${mismatched[0][0]}: acknowledged ${mismatched[0][1]}, stored ${rowsBySeq.get(mismatched[0][0])})`,
    );
  if (foreign) console.log(`unexpected    ${foreign} rows of this run that match no sent log`);
  if (stats.rejected || stats.gaveUp)
    console.log(`not acknowledged: ${stats.rejected} refused with a 4xx, ${stats.gaveUp} given up after ${GIVE_UP_MS / 1000} s`);
  failed = lost.length > 0 || duplicates > 0 || mismatched.length > 0 || foreign > 0 || acknowledged.size !== sent;
  console.log(failed ? "\nFAIL" : "\nOK: nothing lost, nothing duplicated");
} catch (error) {
  console.error(error);
} finally {
  killWorker("SIGTERM");
  await sleep(1_000);
  killWorker("SIGKILL");
  if (!failed) rmSync(dir, { recursive: true, force: true });
  else console.log(`worker logs and database kept in ${dir}`);
}
process.exit(failed ? 1 : 0);
