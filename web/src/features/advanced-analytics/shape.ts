// Pure shaping for Advanced Analytics: summary figures, chart series and custom metric values.
import type { ModelUsage, Stats } from "../../api/types";
import type { CostEntry, PerformanceEntry } from "../../api/usage";

export type Summary = {
  /** Cents over the period. */
  totalCost: number;
  /** Average latency weighted by prompts, over the days that reported one; null without data. */
  avgLatencyMs: number | null;
  /** Share of flagged prompts (0–1); null without prompts. */
  flagRate: number | null;
  prompts: number;
};

export function summarize(
  stats: Pick<Stats, "totalPrompts" | "redFlags" | "estimatedCost">,
  performance: readonly PerformanceEntry[],
): Summary {
  let weighted = 0;
  let weight = 0;
  for (const d of performance) {
    if (d.avgLatencyMs == null) continue;
    const w = Math.max(d.prompts, 1);
    weighted += d.avgLatencyMs * w;
    weight += w;
  }
  return {
    totalCost: stats.estimatedCost,
    avgLatencyMs: weight ? Math.round(weighted / weight) : null,
    flagRate: stats.totalPrompts > 0 ? stats.redFlags / stats.totalPrompts : null,
    prompts: stats.totalPrompts,
  };
}

/** '12.3%' from a 0–1 share, one decimal; null → '—'. */
export function formatRate(rate: number | null): string {
  return rate == null ? "—" : `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}

/** '850 ms' or '1.24 s'; null → '—'. */
export function formatLatency(ms: number | null): string {
  if (ms == null) return "—";
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

export type UsageSeries = { dates: string[]; prompts: number[]; costDollars: number[] };

/** One point per day of the zero-filled performance list; cost summed over models, in dollars. */
export function usageSeries(performance: readonly PerformanceEntry[], cost: readonly CostEntry[]): UsageSeries {
  const costByDay = new Map<string, number>();
  for (const c of cost) costByDay.set(c.date, (costByDay.get(c.date) ?? 0) + c.cost);
  const dates = performance.map((d) => d.date);
  // Days only present in the cost list (should not happen with zero-filling) are added in order.
  for (const day of costByDay.keys()) if (!dates.includes(day)) dates.push(day);
  dates.sort();
  const promptsByDay = new Map(performance.map((d) => [d.date, d.prompts]));
  return {
    dates,
    prompts: dates.map((d) => promptsByDay.get(d) ?? 0),
    costDollars: dates.map((d) => Math.round((costByDay.get(d) ?? 0) * 100) / 10_000),
  };
}

/** Pie slices of cost per model (cents), biggest first, models without cost left out. */
export function modelCostSlices(models: readonly ModelUsage[]): { model: string; cost: number }[] {
  return models
    .filter((m) => m.cost > 0)
    .map((m) => ({ model: m.model, cost: m.cost }))
    .sort((a, b) => b.cost - a.cost);
}

// ── Custom metric values ────────────────────────────────────────────────────
export type MetricPoint = { label: string; value: number };
export type MetricDisplay =
  | { kind: "none" }
  | { kind: "number"; value: number }
  | { kind: "series"; points: MetricPoint[] }
  | { kind: "raw"; text: string };

function num(x: unknown): number | null {
  if (typeof x === "number") return Number.isFinite(x) ? x : null;
  if (typeof x === "string" && x.trim() !== "" && Number.isFinite(Number(x))) return Number(x);
  return null;
}

function points(value: unknown): MetricPoint[] | null {
  if (Array.isArray(value)) {
    const out: MetricPoint[] = [];
    for (const [i, item] of value.entries()) {
      const n = num(item);
      if (n !== null) {
        out.push({ label: String(i + 1), value: n });
        continue;
      }
      if (item && typeof item === "object") {
        const o = item as Record<string, unknown>;
        const v = num(o.value);
        if (o.value === null) continue; // a row without a number is left out of the chart
        if (v !== null) out.push({ label: o.label == null ? String(i + 1) : String(o.label), value: v });
      }
    }
    return out;
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).map(([label, v]) => ({ label, value: num(v) }));
    if (entries.length && entries.every((e) => e.value !== null)) return entries as MetricPoint[];
  }
  return null;
}

/**
 * What to draw for a metric's `lastValue` (the server stores a scalar for `number` and
 * `[{label, value, share?}]` for line, bar and pie). A scalar is always shown as a figure; a list
 * under `number` shows its first value.
 */
export function metricDisplay(lastValue: unknown, visualization: string): MetricDisplay {
  if (lastValue === null || lastValue === undefined) return { kind: "none" };
  const n = num(lastValue);
  if (n !== null) return { kind: "number", value: n };
  const p = points(lastValue);
  if (p) {
    if (visualization === "number") return p.length ? { kind: "number", value: p[0]!.value } : { kind: "none" };
    return { kind: "series", points: p };
  }
  return { kind: "raw", text: JSON.stringify(lastValue) };
}

/** A metric figure by type: count whole, percentage with '%', avg and sum up to 4 decimals. */
export function formatMetricValue(value: number, type: string): string {
  if (type === "count") return Math.round(value).toLocaleString("en-US");
  if (type === "percentage") return `${value.toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;
  return value.toLocaleString("en-US", { maximumFractionDigits: 4 });
}

/** '5 min', '1 h', '90 s'. */
export function formatInterval(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}
