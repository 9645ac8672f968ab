// Advanced Analytics lists: anomaly detections, cost per day and model, performance per day.
import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import type { Anomaly, CostEntry, PerformanceEntry } from "./types";

export type { Anomaly, CostEntry, PerformanceEntry };

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
