import { createFileRoute } from "@tanstack/react-router";
import { alertsInfiniteQueryOptions } from "../../api/alerts";
import { AlertsPage } from "../../features/alerts/AlertsPage";
import { alertTab, alertsSearchSchema } from "../../features/alerts/search";

export const Route = createFileRoute("/_signedIn/alerts")({
  validateSearch: alertsSearchSchema,
  loaderDeps: ({ search }) => ({ tab: alertTab(search) }),
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchInfiniteQuery(alertsInfiniteQueryOptions(deps.tab === "unacknowledged"));
  },
  component: AlertsPage,
});
