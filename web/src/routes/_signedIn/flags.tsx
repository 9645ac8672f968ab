import { createFileRoute } from "@tanstack/react-router";
import { flaggedLogsQueryOptions } from "../../api/logs";
import { RedFlagsPage } from "../../features/flags/RedFlagsPage";
import { logsSearchSchema } from "../../features/logs/search";

export const Route = createFileRoute("/_signedIn/flags")({
  validateSearch: logsSearchSchema,
  loaderDeps: ({ search: { view: _v, sort: _s, order: _o, ...filters } }) => filters,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchInfiniteQuery(flaggedLogsQueryOptions(deps));
  },
  component: RedFlagsPage,
});
