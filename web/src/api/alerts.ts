import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import type { Alert } from "./types";

export const alertKeys = {
  all: ["alerts"] as const,
  list: (unacknowledgedOnly: boolean) => ["alerts", { unacknowledgedOnly }] as const,
};

/** GET /api/alerts (acknowledged=false for the panel, the bell and the default filter). */
export const alertsQueryOptions = (unacknowledgedOnly: boolean) =>
  queryOptions({
    queryKey: alertKeys.list(unacknowledgedOnly),
    queryFn: ({ signal }) =>
      api<Alert[]>("/api/alerts", { query: unacknowledgedOnly ? { acknowledged: "false" } : undefined, signal }),
  });

/** PATCH /api/alerts/{id}/acknowledge → the acknowledged alert. */
export const acknowledgeAlert = (id: string) =>
  api<Alert>(`/api/alerts/${encodeURIComponent(id)}/acknowledge`, { method: "PATCH" });
