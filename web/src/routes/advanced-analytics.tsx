import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../features/shell/PlaceholderPage";

export const Route = createFileRoute("/advanced-analytics")({
  component: AdvancedAnalyticsPage,
});

function AdvancedAnalyticsPage() {
  return <PlaceholderPage title="Advanced Analytics" />;
}
