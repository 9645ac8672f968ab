// Ingestion throughput on the local stack, reported against a baseline measured in the same run:
// GET /api/health (no auth, no database) vs POST /api/logs (auth, detector, D1 insert + triggers)
// vs POST /api/logs/batch (100 logs a request). Loopback only; stops by itself.
// Usage: npm run bench:ingest [-- --seconds 10 --concurrency 16]
// It starts its own stack (scripts/dev/start.mjs on spare ports, throwaway database) so the demo data of
// `npm start` is never touched, and stops it at the end.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startLocalStack } from "../lib/local-stack.mjs";
import { benchLog } from "./lib/bench-log.mjs";
import { arg } from "../lib/cli-args.mjs";

const SECONDS = Number(arg("seconds", 8));
const CONCURRENCY = Number(arg("concurrency", 16));

const dir = mkdtempSync(path.join(tmpdir(), "promptsentry-bench-"));
const stack = await startLocalStack({ dir, portBase: 18_500, timeoutMs: 180_000 });
const BASE = stack.base;
const KEY = stack.key;

async function measure(name, request) {
  let done = 0;
  let failed = 0;
  const latencies = [];
  const deadline = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t = performance.now();
      const res = await request(done + failed);
      await res.arrayBuffer();
      if (res.ok) {
        done++;
        latencies.push(performance.now() - t);
      } else failed++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  const p = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]?.toFixed(1) ?? "-";
  return { name, rps: done / SECONDS, failed, p50: p(0.5), p99: p(0.99) };
}

const json = { "content-type": "application/json", authorization: `Bearer ${KEY}` };
const results = [
  await measure("GET /api/health (baseline)", () => fetch(`${BASE}/api/health`)),
  await measure("POST /api/logs", (i) => fetch(`${BASE}/api/logs`, { method: "POST", headers: json, body: JSON.stringify(benchLog(i)) })),
  await measure("POST /api/logs/batch ×100", (i) =>
    fetch(`${BASE}/api/logs/batch`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ logs: Array.from({ length: 100 }, (_, j) => benchLog(i * 100 + j)) }),
    }),
  ),
];
const base = results[0].rps;
console.log(`${SECONDS}s each, concurrency ${CONCURRENCY}, ${BASE}`);
console.log("call                          req/s   logs/s   vs baseline   p50 ms   p99 ms   failed");
for (const r of results) {
  const logsPerSecond = r.name.includes("batch") ? r.rps * 100 : r.name.includes("logs") ? r.rps : 0;
  console.log(
    `${r.name.padEnd(28)} ${r.rps.toFixed(0).padStart(6)} ${logsPerSecond ? logsPerSecond.toFixed(0).padStart(8) : "       -"}   ${(r.rps / base).toFixed(2).padStart(10)}×  ${String(r.p50).padStart(7)}  ${String(r.p99).padStart(7)}   ${r.failed}`,
  );
}
await stack.stop();
rmSync(dir, { recursive: true, force: true });
