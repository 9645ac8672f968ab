// Flag Distribution pie: Safe = totalPrompts − redFlags, Flagged = redFlags, labels with rounded %.
import { Pie } from "react-chartjs-2";
import { distributionLabels } from "./distribution";
import { FLAG_COLORS, useChartColors } from "./setup";

export default function FlagDistributionChart({ safe, flagged }: { safe: number; flagged: number }) {
  const c = useChartColors();
  const labels = distributionLabels(safe, flagged);
  return (
    <Pie
      role="img"
      aria-label={`Flag distribution: ${labels.join(", ")}`}
      data={{
        labels,
        datasets: [
          { data: [safe, flagged], backgroundColor: [FLAG_COLORS.safe, FLAG_COLORS.critical], borderColor: c.border, borderWidth: 2 },
        ],
      }}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        plugins: { legend: { position: "bottom", labels: { color: c.text, usePointStyle: true } } },
      }}
    />
  );
}
