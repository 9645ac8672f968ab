// The section bench:segments writes into docs/scaling.md ("### Measured: one organization in
// segments"): how the organization was filled, its segments with their spans, the reads against
// GET /api/health measured in the same run, ingestion, index bytes and dropping.
import { loadavg } from "node:os";
import { markdownTable, num, verdict } from "./bench-report.mjs";
import { SEARCH_WORDS } from "./realistic-logs.mjs";

const day = (ms) => new Date(ms).toISOString().slice(0, 16).replace("T", " ");
const loads = (l) => l.map((x) => x.toFixed(1)).join(" ");
const span = (ms) => (ms >= 86_400_000 ? `${num(ms / 86_400_000)} days` : `${num(ms / 60_000)} min`);

function fillText(marker, count, segments, earlierIngested) {
  // Each measuring run's batch ingestion stays in a kept dataset: say how many of its logs earlier runs added.
  const total = earlierIngested ? `${count} (${num(earlierIngested)} of them from earlier runs' batch ingestion)` : count;
  const rates = marker.rowsPerSecond ?? [];
  const rateText = rates.length ? `${num(Math.min(...rates))}–${num(Math.max(...rates))} logs/s per chunk` : "rates not recorded";
  const budget = `${(marker.budget / 1e9).toFixed(2)} GB (segment 0's size after its share of the fill)`;
  const from = segments[0].oldest;
  const to = segments.at(-1).newest;
  if (marker.fill !== "offline")
    return `One organization, ${total} logs in ${segments.length} segments, filled through \`POST /api/logs/batch\`
(${rateText}; the timeline is the fill's own duration, ${span(to - from)}) and rolled over by the minute schedule at a budget of ${budget}:`;
  // Fills before builder threads recorded none: say nothing of where their rows were built.
  const builtOn = marker.builders === undefined ? "" : marker.builders ? ` on ${marker.builders} worker threads` : " on the writing thread";
  return `One organization, ${total} logs in ${segments.length} segments. The fill was offline, not through the API (which
takes hours for millions here): straight into the stopped stack's SQLite files through the product's own code
(\`scripts/bench/lib/offline-fill.mjs\`: \`buildRow\`${builtOn}, the flush's \`writeStatements\` on one thread with the schema's
insert triggers for aggregates and the search index, \`rollSegments\` at each log's time), ${rateText}. The logs are in time order over
${span(to - from)} (${day(from)} to ${day(to)}), so each segment covers its own span; rolled over at a budget of ${budget}:`;
}

/** The section's markdown. */
export function segmentsReport({ started, loadBefore, runs, reads, segments, directory, bytes, marker, drop, ingest }) {
  const h = reads.health;
  const row = (name, r, target) => [
    name,
    num(r.p50),
    num(r.p95),
    `${num(r.p95 / h.p95)}×`,
    `≤ ${target} ms`,
    verdict(r.p95 <= target),
    r.note,
  ];
  const table = markdownTable(
    ["Read (p95 target)", "p50 ms", "p95 ms", "p95 ÷ health p95", "target", "verdict", "answer"],
    [
      ["GET /api/health (baseline)", num(h.p50), num(h.p95), "1.00×", "", "", ""],
      row(`search "${SEARCH_WORDS.common}" (common)`, reads.common, 50),
      row(`search "${SEARCH_WORDS.rare}" (rare)`, reads.rare, 50),
      row(`search "${SEARCH_WORDS.none}" (no match)`, reads.none, 50),
      row(`counts, search "${SEARCH_WORDS.common}"`, reads.countsCommon, 100),
      row(`counts, search "${SEARCH_WORDS.rare}"`, reads.countsRare, 100),
      row("counts", reads.counts, 20),
      row("list (50 newest)", reads.list, 20),
      row("stats", reads.stats, 20),
      row("trends", reads.trends, 20),
      row("a log by id", reads.byId, 10),
    ],
  );
  const segmentTable = markdownTable(
    ["Segment", "logs", "from", "to", "database", "index ÷ text"],
    segments.map((s, i) => [
      i === 0 ? "0 (home shard)" : `${i} (${directory[i - 1].db})`,
      s.logs.toLocaleString("en-US"),
      day(s.oldest),
      day(s.newest),
      `${(s.bytes / 1e9).toFixed(2)} GB`,
      `${num(bytes[i].index / bytes[i].text)}×`,
    ]),
  );
  const indexBytes = bytes.reduce((n, b) => n + b.index, 0);
  const textBytes = bytes.reduce((n, b) => n + b.text, 0);
  const gb = segments[1].bytes / 1e9;
  return `Written by \`npm run bench:segments\` (\`scripts/bench/segments.mjs\`, options in its header); each run
replaces this section. Run ${day(started.getTime())} UTC on a 2-core machine shared with other work, load average
${loads(loadBefore)} at the start, ${loads(reads.load)} when the reads began, ${loads(loadavg())} at the end;
${runs} sequential requests per read after warm-ups, each read against GET /api/health in the same run.

${fillText(marker, reads.total.toLocaleString("en-US"), segments, ingest.earlier)}

${segmentTable}

${table}

What bounds each read (docs above): a search streams each live segment's own index block newest first
and stops once the page is full, so a rare or absent word reads the candidates of every segment; a
searched count counts each segment up to the cap, newest first; counts sum each segment's daily
aggregates (and count the recent days' rows exactly); the list reads the newest segment first and
stops once the page is full; stats and trends read the daily aggregates of the segments their window
overlaps, in parallel; a log by id is one read of the segment its id names.

Batch ingestion into the organization at that size (${ingest.logs.toLocaleString("en-US")} more logs, 100 a request, ${ingest.concurrency} in flight,
into its newest segment): ${num(reads.ingest.rowsPerSecond)} logs/s (target ≥ 3,000, ${verdict(reads.ingest.rowsPerSecond >= 3000)}).

Search index ${(indexBytes / 1e9).toFixed(2)} GB for ${(textBytes / 1e9).toFixed(2)} GB of text: ${num(indexBytes / textBytes)}× (target ≤ 1.5×, ${verdict(indexBytes / textBytes <= 1.5)}).

Dropping an expired segment (segment 1: ${segments[1].logs.toLocaleString("en-US")} logs, ${gb.toFixed(2)} GB) is the directory write that takes it out of
every read (\`retireExpiredSegments\` on a copy of the control database, at the time it expired): ${num(drop.retireMs)} ms
(target ≤ 1 s, ${verdict(drop.retireMs <= 1000)}); from then on no read touches it. Emptying its database afterwards (\`emptySegmentDatabase\`
on a copy of its file, on no request's path) took ${num(drop.emptyMs)} ms (${num(drop.emptyMs / gb)} ms a GB).`;
}
