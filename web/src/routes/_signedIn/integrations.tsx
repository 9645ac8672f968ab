import { createFileRoute } from "@tanstack/react-router";
import { hasPermission } from "@promptsentry/schema/permissions";
import { integrationsQueryOptions } from "../../api/integrations";
import { IntegrationsPage } from "../../features/integrations/IntegrationsPage";

export const Route = createFileRoute("/_signedIn/integrations")({
  loader: ({ context }) => {
    if (!hasPermission(context.organization.permissions, "admin")) return;
    void context.queryClient.prefetchQuery(integrationsQueryOptions());
  },
  component: IntegrationsPage,
});
