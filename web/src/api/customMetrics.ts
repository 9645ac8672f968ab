import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import type { CustomMetric } from "./types";

export type { CustomMetric };

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

export const createCustomMetric = (input: CustomMetricInput) => api<CustomMetric>("/api/custom-metrics", { method: "POST", body: input });

export const deleteCustomMetric = (id: string) => api<null>(`/api/custom-metrics/${encodeURIComponent(id)}`, { method: "DELETE" });

/** POST /api/custom-metrics/{id}/refresh → the metric with a freshly computed value. */
export const refreshCustomMetric = (id: string) =>
  api<CustomMetric>(`/api/custom-metrics/${encodeURIComponent(id)}/refresh`, { method: "POST" });
