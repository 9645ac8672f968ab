import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../features/shell/PlaceholderPage";

export const Route = createFileRoute("/testing")({
  component: TestingPage,
});

function TestingPage() {
  return <PlaceholderPage title="Testing" />;
}
