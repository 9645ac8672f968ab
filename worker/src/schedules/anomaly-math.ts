// Anomaly scoring (docs/delivery.md), pure: one hour of an organization's counters against its own week.
//
// For each metric: mean μ and standard deviation σ over the baseline hours, then z = (x − μ) / σ'
// where σ' = max(σ, floor). The floors keep steady or tiny organizations from alerting on noise:
// counts never vary less than Poisson (√μ), nothing is anomalous for moving less than 10% of its
// mean per σ, and each metric has an absolute minimum. Only rises are anomalies (a drop in traffic
// is not something PromptSentry should page about). Severity by z:
//   z ≥ 3 low · z ≥ 4 medium · z ≥ 6 high · z ≥ 10 critical
// and nothing is judged in an hour with fewer than MIN_PROMPTS prompts, or without at least
// MIN_HISTORY_HOURS of history holding MIN_BASELINE_PROMPTS prompts.
import type { AnomalySeverity } from "@promptsentry/schema/constants/alerts";

export const HOUR_MS = 3_600_000;
export const BASELINE_HOURS = 168;
export const MIN_HISTORY_HOURS = 48;
export const MIN_BASELINE_PROMPTS = 100;
export const MIN_PROMPTS = 20;
const THRESHOLD_Z = 3;

export type HourCounters = { hour: number; total: number; flagged: number; tokens: number; cost: number };

export type MetricName = "Prompt volume" | "Flag rate" | "Cost" | "Token usage";

type MetricDef = {
  name: MetricName;
  /** null: the hour says nothing about this metric (a flag rate without prompts). */
  value: (h: HourCounters) => number | null;
  floor: (mean: number) => number;
  format: (v: number) => string;
};

const plain = (v: number) => (v >= 100 ? Math.round(v).toLocaleString("en-US") : String(Math.round(v * 10) / 10));

export const METRICS: MetricDef[] = [
  { name: "Prompt volume", value: (h) => h.total, floor: (m) => Math.max(Math.sqrt(m), 0.1 * m, 2), format: (v) => `${plain(v)}/h` },
  // Percentage points; a 5-point floor keeps a 1% → 3% wobble from paging anyone.
  {
    name: "Flag rate",
    value: (h) => (h.total > 0 ? (100 * h.flagged) / h.total : null),
    floor: (m) => Math.max(5, 0.1 * m),
    format: (v) => `${v.toFixed(1)}%`,
  },
  // Cents.
  { name: "Cost", value: (h) => h.cost, floor: (m) => Math.max(0.1 * m, 10), format: (v) => `$${(v / 100).toFixed(2)}/h` },
  { name: "Token usage", value: (h) => h.tokens, floor: (m) => Math.max(0.1 * m, 1_000), format: (v) => `${plain(v)} tokens/h` },
];

export type Evaluation = {
  metric: MetricName;
  current: number;
  baseline: number;
  sigma: number;
  threshold: number;
  z: number;
  severity: AnomalySeverity | null;
  message: string;
};

export function severityFor(z: number): AnomalySeverity | null {
  if (z >= 10) return "critical";
  if (z >= 6) return "high";
  if (z >= 4) return "medium";
  if (z >= THRESHOLD_Z) return "low";
  return null;
}

function meanAndSd(values: number[]) {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length;
  return { mean, sd: Math.sqrt(variance) };
}

/**
 * Scores `hour` (its start, ms) against the hours before it. `rows` may hold any hours; missing
 * hours count as zero traffic. Answers null when there is not enough history to judge.
 */
export function evaluateHour(rows: HourCounters[], hour: number): Evaluation[] | null {
  const start = hour - BASELINE_HOURS * HOUR_MS;
  const byHour = new Map(rows.filter((r) => r.hour >= start && r.hour <= hour).map((r) => [r.hour, r]));
  const seen = [...byHour.keys()].filter((h) => h < hour);
  if (!seen.length) return null;
  const first = Math.min(...seen);
  if (hour - first < MIN_HISTORY_HOURS * HOUR_MS) return null;
  const empty = (h: number): HourCounters => ({ hour: h, total: 0, flagged: 0, tokens: 0, cost: 0 });
  const baseline: HourCounters[] = [];
  for (let h = first; h < hour; h += HOUR_MS) baseline.push(byHour.get(h) ?? empty(h));
  if (baseline.reduce((n, h) => n + h.total, 0) < MIN_BASELINE_PROMPTS) return null;
  const now = byHour.get(hour) ?? empty(hour);

  return METRICS.flatMap((def) => {
    const history = baseline.map(def.value).filter((v): v is number => v !== null);
    if (history.length < MIN_HISTORY_HOURS / 2) return [];
    const current = def.value(now) ?? 0;
    const { mean, sd } = meanAndSd(history);
    const sigma = Math.max(sd, def.floor(mean));
    const z = (current - mean) / sigma;
    const severity = now.total >= MIN_PROMPTS ? severityFor(z) : null;
    const message = `${def.name} ${def.format(current)} is ${z.toFixed(1)}σ above the usual ${def.format(mean)}`;
    return [{ metric: def.name, current, baseline: mean, sigma, threshold: mean + THRESHOLD_Z * sigma, z, severity, message }];
  });
}
