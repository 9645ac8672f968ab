// What a metric stores in lastValue, by visualization (schema/responses):
//   number          → one scalar: the first numeric cell of the first row (null when there is none)
//   line, bar       → [{label, value}]: first column is the label, second the value (a lone column is the value)
//   pie             → [{label, value, share}]: as bar, plus each value's share (0–1) of the total
// and by type: count rounds to whole numbers, percentage to 2 decimals (the query answers 0–100),
// avg and sum to 4 decimals.
import type { CustomMetricRow } from "@promptsentry/schema/tables/metrics";

type Rows = { width: number; rows: unknown[][] };
export type MetricPoint = { label: string; value: number | null; share?: number | null };

const MAX_LABEL = 200;

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

function numeric(cell: unknown): number | null {
  if (typeof cell === "number") return Number.isFinite(cell) ? cell : null;
  if (typeof cell === "bigint") return Number(cell);
  if (typeof cell === "string" && cell.trim() !== "" && Number.isFinite(Number(cell))) return Number(cell);
  return null;
}

function byType(value: number | null, type: CustomMetricRow["type"]): number | null {
  if (value === null) return null;
  if (type === "count") return Math.round(value);
  if (type === "percentage") return round(value, 2);
  return round(value, 4);
}

const label = (cell: unknown) => (cell === null || cell === undefined ? "(none)" : String(cell)).slice(0, MAX_LABEL);

export function shapeMetricValue(result: Rows, type: CustomMetricRow["type"], visualization: CustomMetricRow["visualization"]): unknown {
  const { width, rows } = result;
  if (visualization === "number") {
    const first = rows[0]?.find((cell) => typeof cell === "number" || typeof cell === "bigint");
    return byType(first === undefined ? null : numeric(first), type);
  }
  const points: MetricPoint[] = rows.map((row, i) =>
    width >= 2
      ? { label: label(row[0]), value: byType(numeric(row[1]), type) }
      : { label: String(i + 1), value: byType(numeric(row[0]), type) },
  );
  if (visualization !== "pie") return points;
  const total = points.reduce((sum, p) => sum + Math.max(p.value ?? 0, 0), 0);
  return points.map((p) => ({ ...p, share: total > 0 && p.value !== null ? round(Math.max(p.value, 0) / total, 4) : null }));
}
