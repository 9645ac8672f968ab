import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";

export type CustomMetric = {
  id: string;
  name: string;
  description: string | null;
  query: string;
  type: string;
  visualization: string;
  refreshInterval: number;
  isActive: boolean;
  /** The latest result of the metric's query (shape depends on the query), or null before the first run. */
  lastValue: unknown;
  lastRefreshedAt: string | null;
  lastError: string | null;
  createdAt: string;
};

export type CustomMetricInput = {
  name: string;
  description: string | null;
  query: string;
  type: string;
  visualization: string;
  refreshInterval: number;
};

export const customMetricKeys = { all: ["custom-metrics"] as const };

export const customMetricsQueryOptions = () =>
  queryOptions({
    queryKey: customMetricKeys.all,
    queryFn: ({ signal }) => api<CustomMetric[]>("/api/custom-metrics", { signal }),
  });

export const createCustomMetric = (input: CustomMetricInput) =>
  api<CustomMetric>("/api/custom-metrics", { method: "POST", body: input });

export const deleteCustomMetric = (id: string) =>
  api<null>(`/api/custom-metrics/${encodeURIComponent(id)}`, { method: "DELETE" });

/** POST /api/custom-metrics/{id}/refresh → the metric with a freshly computed value. */
export const refreshCustomMetric = (id: string) =>
  api<CustomMetric>(`/api/custom-metrics/${encodeURIComponent(id)}/refresh`, { method: "POST" });
