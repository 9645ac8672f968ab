import { describe, expect, it } from "vitest";
import type { PerformanceEntry } from "../../api/usage";
import {
  formatInterval,
  formatLatency,
  formatMetricValue,
  formatRate,
  metricDisplay,
  modelCostSlices,
  summarize,
  usageSeries,
} from "./shape";

const perf = (date: string, prompts: number, avgLatencyMs: number | null): PerformanceEntry => ({
  date,
  prompts,
  avgLatencyMs,
  flagRate: 0,
  avgTokens: 0,
});

describe("summarize", () => {
  it("weights latency by prompts and skips days without latency", () => {
    const s = summarize({ totalPrompts: 200, redFlags: 25, estimatedCost: 1234 }, [
      perf("2026-01-01", 100, 200),
      perf("2026-01-02", 300, 600),
      perf("2026-01-03", 0, null),
    ]);
    expect(s).toEqual({ totalCost: 1234, avgLatencyMs: 500, flagRate: 0.125, prompts: 200 });
  });
  it("has no rate or latency without data", () => {
    expect(summarize({ totalPrompts: 0, redFlags: 0, estimatedCost: 0 }, [perf("2026-01-01", 0, null)])).toEqual({
      totalCost: 0,
      avgLatencyMs: null,
      flagRate: null,
      prompts: 0,
    });
  });
  it("formats", () => {
    expect(formatRate(0.125)).toBe("12.5%");
    expect(formatRate(null)).toBe("—");
    expect(formatLatency(850)).toBe("850 ms");
    expect(formatLatency(1240)).toBe("1.24 s");
    expect(formatLatency(null)).toBe("—");
  });
});

describe("usageSeries", () => {
  it("sums cost over models per day, in dollars, aligned with the days", () => {
    const s = usageSeries(
      [perf("2026-01-01", 3, null), perf("2026-01-02", 0, null)],
      [
        { date: "2026-01-01", model: "gpt-4", prompts: 2, tokens: 10, cost: 150 },
        { date: "2026-01-01", model: "claude-3", prompts: 1, tokens: 5, cost: 50.5 },
      ],
    );
    expect(s).toEqual({ dates: ["2026-01-01", "2026-01-02"], prompts: [3, 0], costDollars: [2.005, 0] });
  });
});

describe("modelCostSlices", () => {
  it("keeps models with cost, biggest first", () => {
    expect(
      modelCostSlices([
        { model: "a", prompts: 1, tokens: 1, cost: 1, share: 0.1 },
        { model: "b", prompts: 1, tokens: 1, cost: 0, share: 0.1 },
        { model: "c", prompts: 1, tokens: 1, cost: 5, share: 0.1 },
      ]),
    ).toEqual([
      { model: "c", cost: 5 },
      { model: "a", cost: 1 },
    ]);
  });
});

describe("metricDisplay", () => {
  it("shows scalars as figures whatever the visualization", () => {
    expect(metricDisplay(42, "number")).toEqual({ kind: "number", value: 42 });
    expect(metricDisplay("3.5", "line")).toEqual({ kind: "number", value: 3.5 });
    expect(metricDisplay(null, "number")).toEqual({ kind: "none" });
  });
  it("reads the server's label/value lists for charts", () => {
    expect(
      metricDisplay(
        [
          { label: "gpt-4", value: 3, share: 0.75 },
          { label: "claude", value: 1, share: 0.25 },
          { label: "x", value: null },
        ],
        "pie",
      ),
    ).toEqual({
      kind: "series",
      points: [
        { label: "gpt-4", value: 3 },
        { label: "claude", value: 1 },
      ],
    });
    expect(metricDisplay([], "bar")).toEqual({ kind: "series", points: [] });
    expect(metricDisplay([5, 7], "line")).toEqual({
      kind: "series",
      points: [
        { label: "1", value: 5 },
        { label: "2", value: 7 },
      ],
    });
    expect(metricDisplay({ a: 1, b: 2 }, "bar")).toEqual({
      kind: "series",
      points: [
        { label: "a", value: 1 },
        { label: "b", value: 2 },
      ],
    });
  });
  it("takes the first value of a list under 'number', and shows anything else raw", () => {
    expect(metricDisplay([{ label: "x", value: 9 }], "number")).toEqual({ kind: "number", value: 9 });
    expect(metricDisplay([], "number")).toEqual({ kind: "none" });
    expect(metricDisplay({ nested: { deep: 1 } }, "bar")).toEqual({ kind: "raw", text: '{"nested":{"deep":1}}' });
  });
  it("formats by type", () => {
    expect(formatMetricValue(1234.4, "count")).toBe("1,234");
    expect(formatMetricValue(12.345, "percentage")).toBe("12.35%");
    expect(formatMetricValue(166.66667, "avg")).toBe("166.6667");
    expect(formatInterval(300)).toBe("5 min");
    expect(formatInterval(3600)).toBe("1 h");
    expect(formatInterval(90)).toBe("90 s");
  });
});
