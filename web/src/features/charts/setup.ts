// Register only the chart.js parts the app uses (bars and a pie). Imported by the lazy chart
// modules only, so chart.js never lands in the initial bundle.
import { ArcElement, BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, PieController, Tooltip } from "chart.js";
import { useTheme } from "../../lib/theme";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, PieController, ArcElement, Tooltip, Legend);

export { Chart };

export const FLAG_COLORS = { safe: "#22c55e", warning: "#f59e0b", critical: "#ef4444" } as const;

/** Axis and legend colours for the current theme. */
export function useChartColors() {
  const dark = useTheme() === "dark";
  return {
    text: dark ? "#d1d5db" : "#4b5563",
    grid: dark ? "rgba(75,85,99,0.35)" : "rgba(229,231,235,0.9)",
    border: dark ? "#111827" : "#ffffff",
  };
}
