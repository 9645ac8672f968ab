import { createFileRoute } from "@tanstack/react-router";
import { apiKeysQueryOptions } from "../api/apiKeys";
import { ApiKeysPage } from "../features/api-keys/ApiKeysPage";

export const Route = createFileRoute("/api-keys")({
  loader: ({ context }) => {
    if (!context.organization?.permissions.includes("admin")) return;
    void context.queryClient.prefetchQuery(apiKeysQueryOptions());
  },
  component: ApiKeysPage,
});
