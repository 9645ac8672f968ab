import { createFileRoute } from "@tanstack/react-router";
import { sessionQueryOptions } from "../../api/activity";
import { SessionPage } from "../../features/sessions/SessionPage";

export const Route = createFileRoute("/_signedIn/sessions/$id")({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(sessionQueryOptions(params.id));
  },
  component: SessionPage,
});
