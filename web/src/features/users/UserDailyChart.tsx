// A user's days as bars: cost, or prompts and flagged prompts (chart.js, loaded with the user view).
import { Bar } from "react-chartjs-2";
import type { UserDay } from "../../api/types";
import { shortMonthDay } from "../../lib/format";
import { FLAG_COLORS, useChartColors } from "../charts/setup";

export default function UserDailyChart({ days, show }: { days: UserDay[]; show: "cost" | "activity" }) {
  const c = useChartColors();
  const datasets =
    show === "cost"
      ? [{ label: "Cost ($)", data: days.map((d) => d.cost / 100), backgroundColor: "#6366f1", borderRadius: 3 }]
      : [
          { label: "Prompts", data: days.map((d) => d.prompts), backgroundColor: "#6366f1", borderRadius: 3 },
          { label: "Flagged", data: days.map((d) => d.flagged), backgroundColor: FLAG_COLORS.critical, borderRadius: 3 },
          { label: "Tokens (thousands)", data: days.map((d) => d.tokens / 1000), backgroundColor: "#14b8a6", borderRadius: 3 },
        ];
  const total = days.reduce((n, d) => n + (show === "cost" ? d.cost : d.prompts), 0);
  return (
    <Bar
      role="img"
      aria-label={
        show === "cost"
          ? `Cost per day over ${days.length} days: $${(total / 100).toFixed(2)} in all`
          : `Prompts per day over ${days.length} days: ${total} in all`
      }
      data={{ labels: days.map((d) => shortMonthDay(d.date)), datasets }}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        plugins: { legend: { display: show !== "cost", labels: { color: c.text } } },
        scales: {
          x: { ticks: { color: c.text, maxRotation: 0, autoSkipPadding: 8 }, grid: { display: false } },
          y: { beginAtZero: true, ticks: { color: c.text }, grid: { color: c.grid } },
        },
      }}
    />
  );
}
