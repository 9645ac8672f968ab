import { createFileRoute } from "@tanstack/react-router";
import { hasPermission } from "@promptsentry/schema/permissions";
import { webhooksQueryOptions } from "../../api/webhooks";
import { WebhooksPage } from "../../features/webhooks/WebhooksPage";

export const Route = createFileRoute("/_signedIn/webhooks")({
  loader: ({ context }) => {
    if (!hasPermission(context.organization.permissions, "admin")) return;
    void context.queryClient.prefetchQuery(webhooksQueryOptions());
  },
  component: WebhooksPage,
});
