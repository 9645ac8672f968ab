import { createFileRoute } from "@tanstack/react-router";
import { hasPermission } from "@promptsentry/schema/permissions";
import { apiKeysQueryOptions } from "../../api/apiKeys";
import { ApiKeysPage } from "../../features/api-keys/ApiKeysPage";

export const Route = createFileRoute("/_signedIn/api-keys")({
  loader: ({ context }) => {
    if (!hasPermission(context.organization.permissions, "admin")) return;
    void context.queryClient.prefetchQuery(apiKeysQueryOptions());
  },
  component: ApiKeysPage,
});
