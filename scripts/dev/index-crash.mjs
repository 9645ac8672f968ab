// No acknowledged log is ever left out of the search index (docs/data.md#search): a 201 means the log
// and its search_queue row are stored, and indexing happens afterwards (the committer's threshold or
// alarm, the minute schedule as the safety net). This starts its own stack (scripts/dev/start.mjs on
// spare ports, throwaway persist dir), sends batches with several in flight, SIGKILLs workerd in the
// middle of them, starts the stack again on the same files and checks, within a bounded time, that
// every log that got a 201 is stored and that every database of logs ends with an empty queue and
// as many index entries as logs (and that a search finds an acknowledged log).
// Usage: npm run test:index-crash
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { startLocalStack } from "../lib/local-stack.mjs";

const BATCH = 50;
const IN_FLIGHT = 4;
const KILL_AFTER_MS = 4_000;
const INDEXED_WITHIN_MS = 150_000; // the minute schedule's next run, with a stack restarting on a loaded machine

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Every database of logs in the stack's files: per database, its logs, queued logs and index entries. */
function logDatabases(dir) {
  const d1 = path.join(dir, "v3", "d1", "miniflare-D1DatabaseObject");
  const out = [];
  for (const file of readdirSync(d1).filter((f) => f.endsWith(".sqlite"))) {
    const db = new DatabaseSync(path.join(d1, file), { readOnly: true });
    try {
      if (!db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'search_queue'").get().n) continue;
      const n = (sql) => db.prepare(sql).get().n;
      out.push({
        file,
        logs: n("SELECT count(*) AS n FROM prompt_logs"),
        queued: n("SELECT count(*) AS n FROM search_queue"),
        indexed: n("SELECT count(*) AS n FROM prompt_logs_trigrams"),
      });
    } finally {
      db.close();
    }
  }
  return out;
}

/** How many of `ids` are stored in any database of logs. */
function storedIds(dir, ids) {
  const d1 = path.join(dir, "v3", "d1", "miniflare-D1DatabaseObject");
  const found = new Set();
  for (const file of readdirSync(d1).filter((f) => f.endsWith(".sqlite"))) {
    const db = new DatabaseSync(path.join(d1, file), { readOnly: true });
    try {
      if (!db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'prompt_logs'").get().n) continue;
      const exists = db.prepare("SELECT 1 AS n FROM prompt_logs WHERE id = ?");
      for (const id of ids) if (exists.get(id)) found.add(id);
    } finally {
      db.close();
    }
  }
  return found.size;
}

/** The stack's workerd processes (in its process group, which this script started). */
function workerdPids(pgid) {
  return execFileSync("ps", ["-eo", "pid=,pgid=,comm="], { encoding: "utf8" })
    .split("\n")
    .map((l) => l.trim().split(/\s+/))
    .filter(([, group, comm]) => Number(group) === pgid && comm?.includes("workerd"))
    .map(([pid]) => Number(pid));
}

const dir = mkdtempSync(path.join(tmpdir(), "promptsentry-index-crash-"));
let stack = await startLocalStack({ dir, portBase: 19_100, timeoutMs: 600_000 });
const acknowledged = [];
let failedRequests = 0;
try {
  const headers = { "content-type": "application/json", authorization: `Bearer ${stack.key}` };
  let killed = false;
  let sent = 0;
  const sender = async () => {
    while (!killed) {
      const n = sent++;
      const logs = Array.from({ length: BATCH }, (_, i) => ({ model: "gpt-4o", prompt: `crashproof batch ${n} log ${i}`, response: "ok" }));
      try {
        const res = await fetch(`${stack.base}/api/logs/batch`, {
          method: "POST",
          headers: { ...headers, "idempotency-key": crypto.randomUUID() },
          body: JSON.stringify({ logs }),
        });
        if (res.status === 201) acknowledged.push(...(await res.json()).ids);
        else failedRequests++;
      } catch {
        failedRequests++;
      }
    }
  };
  const senders = Array.from({ length: IN_FLIGHT }, sender);
  await sleep(KILL_AFTER_MS);
  const pids = workerdPids(stack.pid);
  if (!pids.length) throw new Error("no workerd process found in the stack's process group");
  for (const pid of pids) process.kill(pid, "SIGKILL");
  killed = true;
  await Promise.all(senders);
  await stack.stop();
  const atKill = logDatabases(dir);
  const queuedAtKill = atKill.reduce((n, d) => n + d.queued, 0);
  console.log(
    `killed workerd after ${acknowledged.length} acknowledged logs (${failedRequests} requests cut off); ${queuedAtKill} logs queued at the kill`,
  );
  if (!acknowledged.length) throw new Error("no batch was acknowledged before the kill: nothing was tested");

  stack = await startLocalStack({ dir, portBase: 19_100, timeoutMs: 600_000 });
  const restarted = Date.now();
  const stored = storedIds(dir, acknowledged);
  if (stored !== acknowledged.length) throw new Error(`${acknowledged.length - stored} acknowledged logs are not stored`);
  for (;;) {
    const dbs = logDatabases(dir);
    const left = dbs.filter((d) => d.queued > 0 || d.indexed !== d.logs);
    if (!left.length) break;
    if (Date.now() - restarted > INDEXED_WITHIN_MS)
      throw new Error(
        `not indexed ${INDEXED_WITHIN_MS} ms after the restart: ${JSON.stringify(left.map(({ file, logs, queued, indexed }) => ({ file, logs, queued, indexed })))}`,
      );
    await sleep(1_000);
  }
  const res = await fetch(`${stack.base}/api/logs?search=crashproof&limit=1`, { headers });
  if (res.status !== 200 || !(await res.json()).length) throw new Error("a search finds no acknowledged log after the restart");
  console.log(
    `ok: all ${acknowledged.length} acknowledged logs stored; every database's queue empty and its index entries equal to its logs ${((Date.now() - restarted) / 1000).toFixed(1)} s after the restart`,
  );
} finally {
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
