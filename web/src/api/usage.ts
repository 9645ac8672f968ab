// Advanced Analytics lists: anomaly detections, cost per day and model, performance per day.
import { queryOptions } from "@tanstack/react-query";
import type { AnomalySeverity } from "../../../schema/constants";
import { api } from "./client";

export type Anomaly = {
  id: string;
  metricName: string;
  currentValue: number;
  threshold: number;
  baseline?: number | null;
  severity: AnomalySeverity | (string & {});
  status: string;
  detectedAt: string;
  resolvedAt: string | null;
};

/** One row per day and model (cost in cents). */
export type CostEntry = { date: string; model: string; prompts: number; tokens: number; cost: number };

/** One row per day (zero-filled); avgLatencyMs null when no log of the day carried a latency. */
export type PerformanceEntry = { date: string; prompts: number; avgLatencyMs: number | null; flagRate: number; avgTokens: number };

export const usageKeys = {
  anomalies: () => ["anomaly-detections"] as const,
  costTracking: (days: number) => ["cost-tracking", { days }] as const,
  performance: (days: number) => ["performance-metrics", { days }] as const,
};

export const anomaliesQueryOptions = () =>
  queryOptions({
    queryKey: usageKeys.anomalies(),
    queryFn: ({ signal }) => api<Anomaly[]>("/api/anomaly-detections", { signal }),
  });

export const costTrackingQueryOptions = (days: number) =>
  queryOptions({
    queryKey: usageKeys.costTracking(days),
    queryFn: ({ signal }) => api<CostEntry[]>("/api/cost-tracking", { query: { days }, signal }),
  });

export const performanceQueryOptions = (days: number) =>
  queryOptions({
    queryKey: usageKeys.performance(days),
    queryFn: ({ signal }) => api<PerformanceEntry[]>("/api/performance-metrics", { query: { days }, signal }),
  });
