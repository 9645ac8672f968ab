import { createFileRoute } from "@tanstack/react-router";
import { alertsQueryOptions } from "../api/alerts";
import { AlertsPage } from "../features/alerts/AlertsPage";

export const Route = createFileRoute("/alerts")({
  loader: ({ context }) => {
    if (context.organization) void context.queryClient.prefetchQuery(alertsQueryOptions(true));
  },
  component: AlertsPage,
});
