// What one million logs cost on Cloudflare, ingested and kept 30 days (docs/scaling.md#what-it-costs):
// rows read and written per operation as measured on the real local D1 by worker/test/d1-rows.test.ts
// (it prints them as its D1_ROWS line), priced with Cloudflare's published Workers Paid list prices.
// Not part of `npm test` (the measuring test is). Usage:
//   npm run bench:cost [-- --logs 1000000 --views 20000 --searches 2000 --batch 100|1 --cpu-ms-per-log 1.05]
// --views: dashboard visits a month (each: a list page, the counts, stats and trends; a log opened);
// --searches: searches a month (each: a page and its count); --batch: logs per request (1 = single calls);
// --cpu-ms-per-log: workerd CPU per log (`npm run bench:ingest-cpu`; 1.05 ms grouped, without the
// locally emulated rate limiter, in docs/performance.md).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { markdownTable, num } from "./lib/bench-report.mjs";
import { arg, int } from "../lib/cli-args.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const LOGS = int("logs", 1_000_000);
const VIEWS = int("views", 20_000);
const SEARCHES = int("searches", 2_000);
const BATCH = int("batch", 100);
if (BATCH !== 1 && BATCH !== 100) throw new Error("--batch is 1 (single calls) or 100: the two sizes the test measures");
const CPU_MS_PER_LOG = Number(arg("cpu-ms-per-log", 1.05));

/**
 * Workers Paid list prices (USD) and what the plan includes each month, as published at
 * developers.cloudflare.com/{d1,workers,durable-objects}/platform/pricing (read 2026-11-29).
 */
const PRICE = {
  plan: 5,
  d1RowRead: { per: 1e6, usd: 0.001, included: 25e9 },
  d1RowWritten: { per: 1e6, usd: 1.0, included: 50e6 },
  d1StorageGb: { per: 1, usd: 0.75, included: 5 },
  request: { per: 1e6, usd: 0.3, included: 10e6 },
  cpuMs: { per: 1e6, usd: 0.02, included: 30e6 },
  doRequest: { per: 1e6, usd: 0.15, included: 1e6 },
};

function measure() {
  const out = execFileSync("npx", ["vitest", "run", "--config", "worker/vitest.config.ts", "test/d1-rows.test.ts"], {
    cwd: root,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = out.split("\n").find((l) => l.includes("D1_ROWS "));
  if (!line) throw new Error("worker/test/d1-rows.test.ts printed no D1_ROWS line");
  return JSON.parse(line.slice(line.indexOf("D1_ROWS ") + 8));
}

const m = measure();
const ingest = BATCH === 1 ? m.writes["ingest, single call (per log)"] : m.writes["ingest, batch of 100 (per log)"];
const purge = m.writes["retention delete (per log)"];
const r = m.reads;
const view = ["list, first page", "counts", "stats (7 days)", "trends (7 days)", "log by id"].reduce((n, k) => n + r[k].read, 0);
const search = r["search, common word"].read + r["counts, searched"].read;
const requests = Math.ceil(LOGS / BATCH) + VIEWS * 5 + SEARCHES * 2;

const usage = {
  d1RowRead: LOGS * (ingest.read + purge.read) + VIEWS * view + SEARCHES * search,
  d1RowWritten: LOGS * (ingest.written + purge.written),
  // Kept 30 days: a month holds the month's logs (steady state: as many deleted as ingested).
  d1StorageGb: (LOGS * m.bytesPerLog) / 1e9,
  request: requests,
  cpuMs: LOGS * CPU_MS_PER_LOG,
  // Every ingestion request is one RPC into its organization's committer.
  doRequest: Math.ceil(LOGS / BATCH),
};
const cost = (key, included) => (Math.max(0, usage[key] - (included ? PRICE[key].included : 0)) / PRICE[key].per) * PRICE[key].usd;
const usd = (n) => `$${n < 10 ? n.toFixed(3) : n.toFixed(2)}`;
const labels = {
  d1RowRead: "D1 rows read",
  d1RowWritten: "D1 rows written",
  d1StorageGb: "D1 storage (GB-month)",
  request: "Worker requests",
  cpuMs: "Worker CPU (ms)",
  doRequest: "Durable Object requests",
};
const rows = Object.keys(labels).map((k) => [labels[k], num(Math.round(usage[k] * 100) / 100), usd(cost(k, false)), usd(cost(k, true))]);
const marginal = Object.keys(labels).reduce((n, k) => n + cost(k, false), 0);
const fresh = PRICE.plan + Object.keys(labels).reduce((n, k) => n + cost(k, true), 0);
rows.push(["**Total**", "", `**${usd(marginal)}**`, `**${usd(fresh)}** (with the plan's $${PRICE.plan})`]);

console.log(
  `Measured at ${num(m.logs)} logs: ${num(Math.round(m.bytesPerLog))} bytes stored per log (row, indexes, search index, aggregates).`,
);
console.log(
  markdownTable(
    ["Operation", "rows read", "rows written"],
    [
      ...Object.entries(m.writes).map(([k, v]) => [k, num(Math.round(v.read * 10) / 10), num(Math.round(v.written * 10) / 10)]),
      ...Object.entries(r).map(([k, v]) => [k, num(v.read), num(v.written)]),
    ],
  ),
);
console.log(`\n${num(LOGS)} logs a month in batches of ${BATCH}, kept 30 days; ${num(VIEWS)} dashboard visits, ${num(SEARCHES)} searches:`);
console.log(markdownTable(["Meter", "use a month", "list price", "on a new Workers Paid account"], rows));
