import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import type { ModelUsage } from "./types";

/** GET /api/analytics/models?days=N → usage per model with its real share (0..1). */
export const modelUsageQueryOptions = (days: number) =>
  queryOptions({
    queryKey: ["analytics", "models", { days }] as const,
    queryFn: ({ signal }) => api<ModelUsage[]>("/api/analytics/models", { query: { days }, signal }),
  });
