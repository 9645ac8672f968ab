import { createFileRoute } from "@tanstack/react-router";
import { integrationsQueryOptions } from "../api/integrations";
import { IntegrationsPage } from "../features/integrations/IntegrationsPage";

export const Route = createFileRoute("/integrations")({
  loader: ({ context }) => {
    if (!context.organization?.permissions.includes("admin")) return;
    void context.queryClient.prefetchQuery(integrationsQueryOptions());
  },
  component: IntegrationsPage,
});
