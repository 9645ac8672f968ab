import { createFileRoute } from "@tanstack/react-router";
import { alertsInfiniteQueryOptions } from "../../api/alerts";
import { AlertsPage } from "../../features/alerts/AlertsPage";

export const Route = createFileRoute("/_signedIn/alerts")({
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(alertsInfiniteQueryOptions(true));
  },
  component: AlertsPage,
});
