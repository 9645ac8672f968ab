import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../features/shell/PlaceholderPage";

export const Route = createFileRoute("/webhooks")({
  component: WebhooksPage,
});

function WebhooksPage() {
  return <PlaceholderPage title="Webhooks" />;
}
