import { createFileRoute } from "@tanstack/react-router";
import { STATS_DEFAULT_DAYS, WEEK_DAYS } from "@promptsentry/schema/constants/time";
import { recentAlertsQueryOptions } from "../../api/alerts";
import { feedQueryOptions } from "../../api/logs";
import { statsQueryOptions, trendsQueryOptions } from "../../api/stats";
import { DashboardPage } from "../../features/dashboard/DashboardPage";

export const Route = createFileRoute("/_signedIn/")({
  loader: ({ context }) => {
    // Start the requests early; the page shows its own placeholders meanwhile.
    void context.queryClient.prefetchQuery(statsQueryOptions(STATS_DEFAULT_DAYS));
    void context.queryClient.prefetchQuery(feedQueryOptions());
    void context.queryClient.prefetchQuery(trendsQueryOptions(WEEK_DAYS));
    void context.queryClient.prefetchQuery(recentAlertsQueryOptions());
  },
  component: DashboardPage,
});
