// CPU time per request of workerd itself (user + system, all its threads, from /proc/<pid>/stat), for
// each kind of request on a throwaway stack (scripts/dev/start.mjs). On a shared machine throughput and
// latency swing with everyone else's load; the CPU a request costs the server does much less, so it
// says where a request's cost is (docs/performance.md#row-1-single-log-ingestion): health (the floor of any request), single logs one at a
// time (no group commit) and 16 at once (group-committed), a batch of 100 (per log), and two refusals
// that stop early (bad key: one D1 read; invalid body: auth, rate limit, validation).
// Usage: npm run bench:ingest-cpu [-- --rounds 2]   (Linux only: reads /proc)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { arg } from "../lib/cli-args.mjs";
import { startLocalStack } from "../lib/local-stack.mjs";
import { benchLog } from "./lib/bench-log.mjs";

const ROUNDS = Number(arg("rounds", 1));
const dir = mkdtempSync(path.join(tmpdir(), "promptsentry-cpu-"));
const stack = await startLocalStack({ dir, portBase: 18_700 });
const port = Number(new URL(stack.base).port);

/** The workerd process that listens on the stack's port (its socket inode among its fds). */
function workerdPid() {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  const inodes = new Set(
    readFileSync("/proc/net/tcp", "utf8")
      .split("\n")
      .slice(1)
      .map((l) => l.trim().split(/\s+/))
      .filter((f) => f[1]?.endsWith(hex) && f[3] === "0A")
      .map((f) => f[9]),
  );
  for (const pid of execFileSync("pgrep", ["workerd"]).toString().trim().split("\n")) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const m = /socket:\[(\d+)\]/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m && inodes.has(m[1])) return pid;
      }
    } catch {}
  }
  throw new Error(`no workerd listens on ${port}`);
}
const pid = workerdPid();
const TICK_MS = 10; // USER_HZ = 100 on Linux
const cpuMs = () => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(f[11]) + Number(f[12])) * TICK_MS;
};

const headers = { "content-type": "application/json", authorization: `Bearer ${stack.key}` };
const post = (p, body, h = headers) => fetch(`${stack.base}${p}`, { method: "POST", headers: h, body: JSON.stringify(body) });

async function run(name, count, concurrency, request, logsEach, expect) {
  let next = 0;
  const cpu0 = cpuMs();
  const wall0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const res = await request(next++);
        await res.arrayBuffer();
        if (res.status !== expect) throw new Error(`${name}: ${res.status}`);
      }
    }),
  );
  const cpu = cpuMs() - cpu0;
  const wall = performance.now() - wall0;
  const perRequest = cpu / count;
  console.log(
    `${name.padEnd(34)} ${String(count).padStart(5)}  ${perRequest.toFixed(2).padStart(8)}  ${logsEach ? (perRequest / logsEach).toFixed(3).padStart(8) : "       -"}  ${((count / wall) * 1000).toFixed(0).padStart(6)}`,
  );
}

console.log(`workerd pid ${pid}; load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
console.log("request                            count  cpu ms/req  ms/log   req/s");
for (let round = 0; round < ROUNDS; round++) {
  await run("GET /api/health, 16 at once", 3000, 16, () => fetch(`${stack.base}/api/health`), 0, 200);
  await run("POST /api/logs, 1 at once", 300, 1, (n) => post("/api/logs", benchLog(n)), 1, 201);
  await run("POST /api/logs, 16 at once", 1000, 16, (n) => post("/api/logs", benchLog(n)), 1, 201);
  await run(
    "POST /api/logs/batch ×100, 4 at once",
    20,
    4,
    (n) => post("/api/logs/batch", { logs: Array.from({ length: 100 }, (_, j) => benchLog(n * 100 + j)) }),
    100,
    201,
  );
  await run(
    "POST /api/logs bad key (401)",
    1000,
    16,
    () => post("/api/logs", benchLog(0), { ...headers, authorization: "Bearer pk_live_nope" }),
    0,
    401,
  );
  await run("POST /api/logs invalid body (400)", 1000, 16, () => post("/api/logs", { model: 1 }), 0, 400);
}
console.log(`load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
await stack.stop();
rmSync(dir, { recursive: true, force: true });
