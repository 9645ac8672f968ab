import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import type { ModelUsage } from "./types";

export const analyticsKeys = {
  all: ["analytics"] as const,
  models: (days: number) => ["analytics", "models", { days }] as const,
};

/** GET /api/analytics/models?days=N → usage per model with its real share (0..1). */
export const modelUsageQueryOptions = (days: number) =>
  queryOptions({
    queryKey: analyticsKeys.models(days),
    queryFn: ({ signal }) => api<ModelUsage[]>("/api/analytics/models", { query: { days }, signal }),
  });
