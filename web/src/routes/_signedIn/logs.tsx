import { createFileRoute } from "@tanstack/react-router";
import { logsInfiniteQueryOptions } from "../../api/logs";
import { LogsPage } from "../../features/logs/LogsPage";
import { logsSearchSchema } from "../../features/logs/search";

export const Route = createFileRoute("/_signedIn/logs")({
  validateSearch: logsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchInfiniteQuery(logsInfiniteQueryOptions(deps));
  },
  component: LogsPage,
});
