import { createFileRoute } from "@tanstack/react-router";
import { WEEK_DAYS } from "@promptsentry/schema/constants/time";
import { modelUsageQueryOptions } from "../../api/analytics";
import { statsQueryOptions, trendsQueryOptions } from "../../api/stats";
import { AnalyticsPage } from "../../features/analytics/AnalyticsPage";
import { ANALYTICS_DAYS } from "../../features/analytics/constants";

export const Route = createFileRoute("/_signedIn/analytics")({
  loader: ({ context }) => {
    const qc = context.queryClient;
    void qc.prefetchQuery(statsQueryOptions(ANALYTICS_DAYS));
    void qc.prefetchQuery(trendsQueryOptions(ANALYTICS_DAYS));
    void qc.prefetchQuery(trendsQueryOptions(WEEK_DAYS));
    void qc.prefetchQuery(modelUsageQueryOptions(ANALYTICS_DAYS));
  },
  component: AnalyticsPage,
});
