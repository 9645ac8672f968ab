import { createFileRoute } from "@tanstack/react-router";
import { webhooksQueryOptions } from "../api/webhooks";
import { WebhooksPage } from "../features/webhooks/WebhooksPage";

export const Route = createFileRoute("/webhooks")({
  loader: ({ context }) => {
    if (!context.organization?.permissions.includes("admin")) return;
    void context.queryClient.prefetchQuery(webhooksQueryOptions());
  },
  component: WebhooksPage,
});
