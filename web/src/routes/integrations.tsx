import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../features/shell/PlaceholderPage";

export const Route = createFileRoute("/integrations")({
  component: IntegrationsPage,
});

function IntegrationsPage() {
  return <PlaceholderPage title="Integrations" />;
}
