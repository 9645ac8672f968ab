import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../features/shell/PlaceholderPage";

export const Route = createFileRoute("/settings")({
  component: SettingsPage,
});

function SettingsPage() {
  return <PlaceholderPage title="Settings" />;
}
