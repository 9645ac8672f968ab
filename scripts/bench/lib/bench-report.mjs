// Pure helpers of `npm run bench` (scripts/bench/full.mjs): percentiles, number formats, the Markdown
// table and the docs/performance.md section it owns. No I/O here (tested in scripts/bench/lib/bench-report.test.mjs).

/** The q-quantile (0..1) of `values` by the nearest-rank method; NaN when empty. */
export function percentile(values, q) {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** p50/p95/p99 of a list of latencies. */
export const summarize = (ms) => ({ p50: percentile(ms, 0.5), p95: percentile(ms, 0.95), p99: percentile(ms, 0.99), n: ms.length });

/** 1,234 / 56.7 / 3.21: three significant figures below 100, grouped thousands above. */
export function num(n) {
  if (n === undefined || n === null || Number.isNaN(n)) return "–";
  if (Math.abs(n) >= 100) return Math.round(n).toLocaleString("en-US");
  if (Math.abs(n) >= 10) return n.toFixed(1);
  return n.toFixed(2);
}
export const ms = (n) => `${num(n)} ms`;
export const ratio = (n) => `${Number.isFinite(n) ? n.toFixed(2) : "–"}×`;
export const pct = (n) => `${Number.isFinite(n) ? Math.round(n * 100) : "–"}%`;

/** The verdict cell: met / **not met** / not measured (null). */
export const verdict = (met) => (met === null || met === undefined ? "not measured" : met ? "met" : "**not met**");

/** A Markdown table; cells are escaped for `|`. */
export function markdownTable(header, rows) {
  const cell = (c) => String(c ?? "").replace(/\|/g, "\\|");
  return [header, header.map(() => "---"), ...rows].map((r) => `| ${r.map(cell).join(" | ")} |`).join("\n");
}

/**
 * `doc` with the section under `heading` (a whole `## …` line) replaced by `body`, up to the next
 * heading of the same or a higher level; appended at the end when the heading is not there yet.
 */
export function replaceSection(doc, heading, body) {
  const level = /^#+/.exec(heading)?.[0].length ?? 2;
  const lines = doc.split("\n");
  const start = lines.findIndex((l) => l.trim() === heading.trim());
  const section = `${heading}\n\n${body.trim()}\n`;
  if (start < 0) return `${doc.trimEnd()}\n\n${section}`;
  let end = lines.findIndex((l, i) => i > start && new RegExp(`^#{1,${level}} `).test(l));
  if (end < 0) end = lines.length;
  const after = lines.slice(end).join("\n");
  return `${lines.slice(0, start).join("\n")}${start ? "\n" : ""}${section}${after ? `\n${after}` : ""}`;
}
