import { createFileRoute } from "@tanstack/react-router";
import { settingsQueryOptions } from "../../api/settings";
import { SettingsPage } from "../../features/settings/SettingsPage";

export const Route = createFileRoute("/_signedIn/settings")({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(settingsQueryOptions());
  },
  component: SettingsPage,
});
