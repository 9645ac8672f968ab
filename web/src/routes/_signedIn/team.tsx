import { createFileRoute } from "@tanstack/react-router";
import { hasPermission } from "@promptsentry/schema/permissions";
import { teamQueryOptions } from "../../api/team";
import { TeamPage } from "../../features/team/TeamPage";

export const Route = createFileRoute("/_signedIn/team")({
  loader: ({ context }) => {
    if (!hasPermission(context.organization.permissions, "users:read")) return;
    void context.queryClient.prefetchQuery(teamQueryOptions());
  },
  component: TeamPage,
});
