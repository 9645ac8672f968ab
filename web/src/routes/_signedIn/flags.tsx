import { createFileRoute } from "@tanstack/react-router";
import { flaggedLogsQueryOptions } from "../../api/logs";
import { RedFlagsPage } from "../../features/flags/RedFlagsPage";

export const Route = createFileRoute("/_signedIn/flags")({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(flaggedLogsQueryOptions());
  },
  component: RedFlagsPage,
});
