// Monthly Trends: total prompts per day (x label: short month and day).
import { Bar } from "react-chartjs-2";
import type { TrendEntry } from "../../api/types";
import { shortMonthDay } from "../../lib/format";
import { useChartColors } from "./setup";

export default function DailyTotalsChart({ data }: { data: TrendEntry[] }) {
  const c = useChartColors();
  const totals = data.map((d) => d.safe + d.warning + d.critical);
  return (
    <Bar
      role="img"
      aria-label={`Total prompts per day over ${data.length} days: ${totals.reduce((a, b) => a + b, 0)} in all`}
      data={{
        labels: data.map((d) => shortMonthDay(d.date)),
        datasets: [{ label: "Total Prompts", data: totals, backgroundColor: "#6366f1", borderRadius: 3 }],
      }}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        plugins: { legend: { display: false } },
        scales: {
          x: { ticks: { color: c.text, maxRotation: 0, autoSkipPadding: 8 }, grid: { display: false } },
          y: { beginAtZero: true, ticks: { color: c.text, precision: 0 }, grid: { color: c.grid } },
        },
      }}
    />
  );
}
