import { infiniteQueryOptions } from "@tanstack/react-query";
import { LOGS_PAGE_LIMIT } from "@promptsentry/schema/constants/logs";
import type { AuditEntityType } from "@promptsentry/schema/constants/audit";
import { api } from "./client";
import type { AuditEntry } from "./types";

export type { AuditEntry };

/** The audit log's filters as GET /api/audit takes them (from/to: ISO times). */
export type AuditFilters = { entityType?: AuditEntityType; actor?: string; from?: string; to?: string };

export const auditKeys = {
  all: ["audit"] as const,
  list: (filters: AuditFilters) => ["audit", "list", filters] as const,
};

/** GET /api/audit: newest first, pages keyset-paginated by the id of the last record (`before`). Admins only. */
export const auditInfiniteQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ signal, pageParam }) =>
      api<AuditEntry[]>("/api/audit", { query: { ...filters, limit: LOGS_PAGE_LIMIT, before: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.length >= LOGS_PAGE_LIMIT ? last[last.length - 1]?.id : undefined),
    // The route's loader reads afresh on each visit; this keeps the page from reading the same page twice.
    staleTime: 2_000,
  });
