import { createFileRoute } from "@tanstack/react-router";
import { auditInfiniteQueryOptions } from "../../api/audit";
import { AuditLogPage } from "../../features/settings/AuditLogPage";

// /settings/audit: a page of its own under Settings (not rendered inside the settings form).
export const Route = createFileRoute("/_signedIn/settings_/audit")({
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(auditInfiniteQueryOptions({}));
  },
  component: AuditLogPage,
});
