// Advanced Analytics lists: anomaly detections, cost per day and model, performance per day.
import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import type { Anomaly, CostEntry, PerformanceEntry } from "./types";

export type { Anomaly, CostEntry, PerformanceEntry };


export const anomaliesQueryOptions = () =>
  queryOptions({
    queryKey: ["anomaly-detections"] as const,
    queryFn: ({ signal }) => api<Anomaly[]>("/api/anomaly-detections", { signal }),
  });

export const costTrackingQueryOptions = (days: number) =>
  queryOptions({
    queryKey: ["cost-tracking", { days }] as const,
    queryFn: ({ signal }) => api<CostEntry[]>("/api/cost-tracking", { query: { days }, signal }),
  });

export const performanceQueryOptions = (days: number) =>
  queryOptions({
    queryKey: ["performance-metrics", { days }] as const,
    queryFn: ({ signal }) => api<PerformanceEntry[]>("/api/performance-metrics", { query: { days }, signal }),
  });
