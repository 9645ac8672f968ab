import { createFileRoute } from "@tanstack/react-router";
import { modelUsageQueryOptions } from "../../api/analytics";
import { customMetricsQueryOptions } from "../../api/customMetrics";
import { statsQueryOptions } from "../../api/stats";
import { anomaliesQueryOptions, costTrackingQueryOptions, performanceQueryOptions } from "../../api/usage";
import { AdvancedAnalyticsPage } from "../../features/advanced-analytics/AdvancedAnalyticsPage";
import { ADVANCED_DAYS } from "../../features/advanced-analytics/constants";

export const Route = createFileRoute("/_signedIn/advanced-analytics")({
  loader: ({ context }) => {
    const qc = context.queryClient;
    void qc.prefetchQuery(statsQueryOptions(ADVANCED_DAYS));
    void qc.prefetchQuery(performanceQueryOptions(ADVANCED_DAYS));
    void qc.prefetchQuery(costTrackingQueryOptions(ADVANCED_DAYS));
    void qc.prefetchQuery(modelUsageQueryOptions(ADVANCED_DAYS));
    void qc.prefetchQuery(anomaliesQueryOptions());
    void qc.prefetchQuery(customMetricsQueryOptions());
  },
  component: AdvancedAnalyticsPage,
});
