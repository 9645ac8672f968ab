// Usage and cost over 30 days: prompts per day (left axis) and cost per day in dollars (right axis).
import { Line } from "react-chartjs-2";
import { shortMonthDay } from "../../lib/format";
import { useChartColors } from "./lineSetup";
import type { UsageSeries } from "./shape";

export default function UsageCostChart({ series }: { series: UsageSeries }) {
  const c = useChartColors();
  const totalPrompts = series.prompts.reduce((a, b) => a + b, 0);
  const totalCost = series.costDollars.reduce((a, b) => a + b, 0);
  return (
    <Line
      role="img"
      aria-label={`Usage and cost over ${series.dates.length} days: ${totalPrompts} prompts, $${totalCost.toFixed(2)}`}
      data={{
        labels: series.dates.map(shortMonthDay),
        datasets: [
          {
            label: "Prompts",
            data: series.prompts,
            borderColor: "#6366f1",
            backgroundColor: "#6366f1",
            yAxisID: "y",
            cubicInterpolationMode: "monotone",
            pointRadius: 2,
          },
          {
            label: "Cost ($)",
            data: series.costDollars,
            borderColor: "#22c55e",
            backgroundColor: "#22c55e",
            yAxisID: "cost",
            cubicInterpolationMode: "monotone",
            pointRadius: 2,
          },
        ],
      }}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        interaction: { mode: "index", intersect: false },
        plugins: { legend: { position: "bottom", labels: { color: c.text, usePointStyle: true } } },
        scales: {
          x: { ticks: { color: c.text, maxRotation: 0, autoSkipPadding: 8 }, grid: { display: false } },
          y: { beginAtZero: true, position: "left", ticks: { color: c.text, precision: 0 }, grid: { color: c.grid } },
          cost: {
            beginAtZero: true,
            position: "right",
            ticks: { color: c.text, callback: (v) => `$${Number(v).toFixed(2)}` },
            grid: { display: false },
          },
        },
      }}
    />
  );
}
