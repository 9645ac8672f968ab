// Read-path timings against a running stack (docs/performance.md#rows-3-to-6-search-and-counts): list, search and counts p50/p95, each next to
// GET /api/health (no auth, no database) measured in the same run. Sequential requests, a few warm-ups
// first: this is latency at rest, not throughput. Used by scripts/bench/fill.mjs --measure.

import { SEARCH_WORDS } from "./realistic-logs.mjs";

/** Words to search: common in generated prompts, in one log of 1,000 (scripts/bench/lib/realistic-logs.mjs), and absent. */
export const SEARCHES = SEARCH_WORDS;

/** `runs` sequential GETs after `warmups`: every latency (ms), p50/p95, and the last body. */
export async function timed(url, headers, runs, warmups = 3) {
  const ms = [];
  let body = null;
  let dropped = 0;
  for (let i = 0; i < warmups + runs; i++) {
    const t = performance.now();
    let res;
    try {
      res = await fetch(url, { headers });
    } catch (error) {
      // A dropped keep-alive connection (the server closed it between requests): not a latency sample.
      if (++dropped > 5) throw error;
      i--;
      continue;
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 200)}`);
    if (i >= warmups) ms.push(performance.now() - t);
    body = text;
  }
  ms.sort((a, b) => a - b);
  const at = (q) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))];
  return { samples: ms, p50: at(0.5), p95: at(0.95), body };
}

export async function measureQueries(base, headers, { runs = 40, total } = {}) {
  const api = (path) => `${base}/api${path}`;
  const rows = [];
  const add = async (name, path, describe = () => "") => {
    const r = await timed(api(path), headers, runs);
    rows.push({ name, p50: r.p50, p95: r.p95, note: describe(JSON.parse(r.body)) });
  };
  await add("GET /api/health (baseline)", "/health");
  await add("list (50 newest)", "/logs?limit=50", (b) => `${b.length} rows`);
  await add(`search "${SEARCHES.common}" (common)`, `/logs?limit=50&search=${SEARCHES.common}`, (b) => `${b.length} rows`);
  await add(`search "${SEARCHES.rare}" (rare)`, `/logs?limit=50&search=${SEARCHES.rare}`, (b) => `${b.length} rows`);
  await add(`search "${SEARCHES.none}" (no match)`, `/logs?limit=50&search=${SEARCHES.none}`, (b) => `${b.length} rows`);
  await add("counts (no filter)", "/logs/counts", (b) => `total ${b.total}`);
  await add(
    `counts search "${SEARCHES.common}"`,
    `/logs/counts?search=${SEARCHES.common}`,
    (b) => `total ${b.total}${b.capped ? "+ (capped)" : ""}`,
  );
  await add(
    `counts search "${SEARCHES.rare}"`,
    `/logs/counts?search=${SEARCHES.rare}`,
    (b) => `total ${b.total}${b.capped ? "+ (capped)" : ""}`,
  );
  await add(
    `counts search "${SEARCHES.none}"`,
    `/logs/counts?search=${SEARCHES.none}`,
    (b) => `total ${b.total}${b.capped ? "+ (capped)" : ""}`,
  );
  return { runs, total, rows };
}

export function printTimings({ runs, total, rows }) {
  console.log(`\nread path at ${total?.toLocaleString("en-US") ?? "?"} logs, ${runs} sequential requests each (after 3 warm-ups)`);
  console.log("| call | p50 ms | p95 ms | answer |\n|---|---:|---:|---|");
  for (const r of rows) console.log(`| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.note} |`);
}
