import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../features/shell/PlaceholderPage";

export const Route = createFileRoute("/team")({
  component: TeamPage,
});

function TeamPage() {
  return <PlaceholderPage title="Team Management" />;
}
