import { createFileRoute } from "@tanstack/react-router";
import { teamQueryOptions } from "../api/team";
import { TeamPage } from "../features/team/TeamPage";

export const Route = createFileRoute("/team")({
  loader: ({ context }) => {
    const p = context.organization?.permissions ?? [];
    if (!p.includes("admin") && !p.includes("users:read")) return;
    void context.queryClient.prefetchQuery(teamQueryOptions());
  },
  component: TeamPage,
});
