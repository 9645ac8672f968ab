// Cost per model over 30 days (pie), labels with the rounded share of cost.
import { Pie } from "react-chartjs-2";
import { formatStatsCost, roundedPercent } from "../../lib/format";
import { PALETTE, useChartColors } from "./lineSetup";

export default function ModelCostChart({ slices }: { slices: { model: string; cost: number }[] }) {
  const c = useChartColors();
  const total = slices.reduce((a, s) => a + s.cost, 0);
  const labels = slices.map((s) => `${s.model} (${roundedPercent(s.cost, total)}%)`);
  return (
    <Pie
      role="img"
      aria-label={`Cost by model: ${slices.map((s) => `${s.model} ${formatStatsCost(s.cost)}`).join(", ")}`}
      data={{
        labels,
        datasets: [
          {
            data: slices.map((s) => s.cost / 100),
            backgroundColor: slices.map((_, i) => PALETTE[i % PALETTE.length]),
            borderColor: c.border,
            borderWidth: 2,
          },
        ],
      }}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        plugins: {
          legend: { position: "bottom", labels: { color: c.text, usePointStyle: true } },
          tooltip: { callbacks: { label: (ctx) => ` $${Number(ctx.raw).toFixed(2)}` } },
        },
      }}
    />
  );
}
