// Line charts need three more chart.js parts on top of the shared bar/pie registration.
import { LineController, LineElement, PointElement } from "chart.js";
import { Chart } from "../charts/setup";

Chart.register(LineController, LineElement, PointElement);

export { FLAG_COLORS, useChartColors } from "../charts/setup";

/** Series colours for pies and multi-series charts. */
export const PALETTE = ["#6366f1", "#22c55e", "#f59e0b", "#ef4444", "#0ea5e9", "#a855f7", "#14b8a6", "#f97316", "#64748b"] as const;
