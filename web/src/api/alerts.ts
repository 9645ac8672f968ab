import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { ALERTS_ACK_BATCH } from "@promptsentry/schema/constants/alerts";
import { ALERTS_PANEL_SIZE } from "@promptsentry/schema/constants/screens";
import { LOGS_PAGE_LIMIT } from "@promptsentry/schema/constants/logs";
import { api, apiPage } from "./client";
import type { Alert } from "./types";

export const alertKeys = {
  all: ["alerts"] as const,
  recent: () => ["alerts", "recent"] as const,
  list: (unacknowledgedOnly: boolean) => ["alerts", "list", { unacknowledgedOnly }] as const,
};

/** The newest unacknowledged alerts and their total: the dashboard's Recent Alerts panel and the header bell. */
export const recentAlertsQueryOptions = () =>
  queryOptions({
    queryKey: alertKeys.recent(),
    queryFn: ({ signal }) => apiPage<Alert>("/api/alerts", { query: { acknowledged: "false", limit: ALERTS_PANEL_SIZE }, signal }),
  });

/** /alerts: pages keyset-paginated by the id of the last row (`before`); the first page's total is the count badge. */
export const alertsInfiniteQueryOptions = (unacknowledgedOnly: boolean) =>
  infiniteQueryOptions({
    queryKey: alertKeys.list(unacknowledgedOnly),
    queryFn: ({ signal, pageParam }) =>
      apiPage<Alert>("/api/alerts", {
        query: { acknowledged: unacknowledgedOnly ? "false" : undefined, limit: LOGS_PAGE_LIMIT, before: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.items.length >= LOGS_PAGE_LIMIT ? last.items[last.items.length - 1]?.id : undefined),
  });

/** PATCH /api/alerts/{id}/acknowledge → the acknowledged alert. */
export const acknowledgeAlert = (id: string) => api<Alert>(`/api/alerts/${encodeURIComponent(id)}/acknowledge`, { method: "PATCH" });

/**
 * POST /api/alerts/acknowledge, ALERTS_ACK_BATCH ids per call (in turn, so a failure stops the rest)
 * → the alerts this acknowledged (ones already acknowledged or gone are skipped by the server).
 */
export async function acknowledgeAlerts(ids: string[]): Promise<Alert[]> {
  const done: Alert[] = [];
  for (let i = 0; i < ids.length; i += ALERTS_ACK_BATCH) {
    done.push(...(await api<Alert[]>("/api/alerts/acknowledge", { method: "POST", body: { ids: ids.slice(i, i + ALERTS_ACK_BATCH) } })));
  }
  return done;
}
