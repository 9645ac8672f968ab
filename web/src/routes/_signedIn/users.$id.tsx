import { createFileRoute } from "@tanstack/react-router";
import { USER_VIEW_DAYS } from "../../features/users/constants";
import { userQueryOptions } from "../../api/activity";
import { UserPage } from "../../features/users/UserPage";

export const Route = createFileRoute("/_signedIn/users/$id")({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(userQueryOptions(params.id, USER_VIEW_DAYS));
  },
  component: UserPage,
});
