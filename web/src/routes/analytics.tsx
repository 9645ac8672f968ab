import { createFileRoute } from "@tanstack/react-router";
import { modelUsageQueryOptions } from "../api/analytics";
import { statsQueryOptions, trendsQueryOptions } from "../api/stats";
import { AnalyticsPage } from "../features/analytics/AnalyticsPage";
import { ANALYTICS_DAYS } from "../features/analytics/constants";

export const Route = createFileRoute("/analytics")({
  loader: ({ context }) => {
    if (!context.organization) return;
    const qc = context.queryClient;
    void qc.prefetchQuery(statsQueryOptions(ANALYTICS_DAYS));
    void qc.prefetchQuery(trendsQueryOptions(ANALYTICS_DAYS));
    void qc.prefetchQuery(trendsQueryOptions(7));
    void qc.prefetchQuery(modelUsageQueryOptions(ANALYTICS_DAYS));
  },
  component: AnalyticsPage,
});
