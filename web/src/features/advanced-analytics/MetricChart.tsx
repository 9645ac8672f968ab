// A custom metric's value drawn small in its visualization (line, bar or pie).
import { Bar, Line, Pie } from "react-chartjs-2";
import { PALETTE, useChartColors } from "./lineSetup";
import type { MetricPoint } from "./shape";

export default function MetricChart({ points, visualization, name }: { points: MetricPoint[]; visualization: string; name: string }) {
  const c = useChartColors();
  const labels = points.map((p) => p.label);
  const values = points.map((p) => p.value);
  const aria = `${name}: ${points.map((p) => `${p.label} ${p.value}`).join(", ")}`;
  if (visualization === "pie") {
    return (
      <Pie
        role="img"
        aria-label={aria}
        data={{
          labels,
          datasets: [
            { data: values, backgroundColor: points.map((_, i) => PALETTE[i % PALETTE.length]), borderColor: c.border, borderWidth: 2 },
          ],
        }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          plugins: { legend: { position: "right", labels: { color: c.text, boxWidth: 10, font: { size: 11 } } } },
        }}
      />
    );
  }
  const scales = {
    x: { ticks: { color: c.text, maxRotation: 0, autoSkipPadding: 6, font: { size: 10 } }, grid: { display: false } },
    y: { beginAtZero: true, ticks: { color: c.text, font: { size: 10 } }, grid: { color: c.grid } },
  };
  const options = { responsive: true, maintainAspectRatio: false, plugins: { legend: { display: false } }, scales };
  if (visualization === "line") {
    return (
      <Line
        role="img"
        aria-label={aria}
        data={{
          labels,
          datasets: [
            {
              label: name,
              data: values,
              borderColor: "#6366f1",
              backgroundColor: "#6366f1",
              cubicInterpolationMode: "monotone",
              pointRadius: 2,
            },
          ],
        }}
        options={options}
      />
    );
  }
  return (
    <Bar
      role="img"
      aria-label={aria}
      data={{ labels, datasets: [{ label: name, data: values, backgroundColor: "#6366f1", borderRadius: 3 }] }}
      options={options}
    />
  );
}
