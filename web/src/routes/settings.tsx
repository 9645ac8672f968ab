import { createFileRoute } from "@tanstack/react-router";
import { settingsQueryOptions } from "../api/settings";
import { SettingsPage } from "../features/settings/SettingsPage";

export const Route = createFileRoute("/settings")({
  loader: ({ context }) => {
    if (!context.organization) return;
    void context.queryClient.prefetchQuery(settingsQueryOptions());
  },
  component: SettingsPage,
});
