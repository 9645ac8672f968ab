import { createFileRoute } from "@tanstack/react-router";
import { auditInfiniteQueryOptions } from "../../api/audit";
import { AuditLogPage } from "../../features/settings/AuditLogPage";

// /settings/audit: a page of its own under Settings (not rendered inside the settings form).
// Every change anywhere adds a record, so each visit reads afresh: the prefetch treats any cached
// page as stale (staleTime 0), and the page's own query (staleTime of a few seconds) reuses that read.
export const Route = createFileRoute("/_signedIn/settings_/audit")({
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery({ ...auditInfiniteQueryOptions({}), staleTime: 0 });
  },
  component: AuditLogPage,
});
