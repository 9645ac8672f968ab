// Grouped bars of safe, warning and critical per day (x label: short weekday by default).
import { Bar } from "react-chartjs-2";
import type { TrendEntry } from "../../api/types";
import { shortWeekday } from "../../lib/format";
import { FLAG_COLORS, useChartColors } from "./setup";

export default function FlagTrendsChart({ data, label = shortWeekday }: { data: TrendEntry[]; label?: (day: string) => string }) {
  const c = useChartColors();
  const totals = data.reduce((a, d) => ({ safe: a.safe + d.safe, warning: a.warning + d.warning, critical: a.critical + d.critical }), {
    safe: 0,
    warning: 0,
    critical: 0,
  });
  return (
    <Bar
      role="img"
      aria-label={`Flag trends over ${data.length} days: ${totals.safe} safe, ${totals.warning} warning, ${totals.critical} critical`}
      data={{
        labels: data.map((d) => label(d.date)),
        datasets: [
          { label: "Safe", data: data.map((d) => d.safe), backgroundColor: FLAG_COLORS.safe, borderRadius: 3 },
          { label: "Warning", data: data.map((d) => d.warning), backgroundColor: FLAG_COLORS.warning, borderRadius: 3 },
          { label: "Critical", data: data.map((d) => d.critical), backgroundColor: FLAG_COLORS.critical, borderRadius: 3 },
        ],
      }}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        plugins: { legend: { position: "bottom", labels: { color: c.text, usePointStyle: true } } },
        scales: {
          x: { ticks: { color: c.text }, grid: { display: false } },
          y: { beginAtZero: true, ticks: { color: c.text, precision: 0 }, grid: { color: c.grid } },
        },
      }}
    />
  );
}
