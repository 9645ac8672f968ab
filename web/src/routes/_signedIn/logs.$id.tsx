import { createFileRoute } from "@tanstack/react-router";
import { logQueryOptions } from "../../api/logs";
import { LogDetailsRoute } from "../../features/logs/LogDetailsRoute";

// A log's own URL: the details dialog over Prompt Logs (the parent route keeps the list and its filters).
export const Route = createFileRoute("/_signedIn/logs/$id")({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(logQueryOptions(params.id));
  },
  component: LogDetailsRoute,
});
