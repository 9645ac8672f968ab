import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import type { Stats, TrendEntry } from "./types";

/** Everything computed from the logs' daily figures: invalidating `all` refreshes the stats cards and the trends. */
export const statsKeys = {
  all: ["stats"] as const,
  stats: (days: number) => ["stats", "summary", { days }] as const,
  trends: (days: number) => ["stats", "trends", { days }] as const,
};

/** GET /api/stats?days=N → figures and the preceding period (`previous`). */
export const statsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: statsKeys.stats(days),
    queryFn: ({ signal }) => api<Stats>("/api/stats", { query: { days }, signal }),
  });

/** GET /api/trends?days=N → one zero-filled entry per day, oldest first. */
export const trendsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: statsKeys.trends(days),
    queryFn: ({ signal }) => api<TrendEntry[]>("/api/trends", { query: { days }, signal }),
  });
