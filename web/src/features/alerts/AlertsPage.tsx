// Alerts (docs/web.md#screens): 'Unacknowledged' (default) or 'All Alerts', count badge, acknowledge.
// Pages of 50 with 'Load more'; the badge counts every matching alert, not just the loaded ones.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { acknowledgeAlert, alertKeys, alertsInfiniteQueryOptions } from "../../api/alerts";
import { errorText } from "../../api/client";
import type { Alert } from "../../api/types";
import { CheckIcon } from "../../components/icons";
import { LoadMore } from "../../components/LoadMore";
import { toast } from "../../components/toast";
import { Badge, Button, Card, cx } from "../../components/ui";
import { alertRelativeTime, formatAlertType } from "../../lib/format";
import { useNow } from "../../lib/useNow";
import { ListStates, pagedListState } from "../logs/LogList";
import { SeverityBadge, SeverityIcon } from "./severity";

function AlertRow({ alert, now }: { alert: Alert; now: number }) {
  const queryClient = useQueryClient();
  const ack = useMutation({
    mutationFn: () => acknowledgeAlert(alert.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
    onError: (e) => toast({ title: "Failed to acknowledge alert", description: errorText(e), variant: "destructive" }),
  });
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start">
      <SeverityIcon severity={alert.severity} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2 text-xs text-gray-500 dark:text-gray-400">
          <SeverityBadge severity={alert.severity} />
          <span className="font-semibold tracking-wide text-gray-700 dark:text-gray-300">{formatAlertType(alert.type)}</span>
          <time dateTime={alert.createdAt} title={new Date(alert.createdAt).toLocaleString()}>
            {alertRelativeTime(alert.createdAt, now)}
          </time>
          {alert.count && alert.count > 1 ? <span>×{alert.count}</span> : null}
        </div>
        <p className="mt-1 text-sm wrap-anywhere text-gray-900 dark:text-gray-100">{alert.message}</p>
      </div>
      {alert.acknowledged ? (
        <span className="inline-flex items-center gap-1 text-sm text-green-700 dark:text-green-400">
          <CheckIcon className="h-4 w-4" />
          Acknowledged
        </span>
      ) : (
        <Button variant="secondary" size="sm" onClick={() => ack.mutate()} disabled={ack.isPending || ack.isSuccess}>
          {ack.isPending || ack.isSuccess ? "Acknowledging..." : "Acknowledge"}
        </Button>
      )}
    </li>
  );
}

export function AlertsPage() {
  const [unackOnly, setUnackOnly] = useState(true);
  const q = useInfiniteQuery(alertsInfiniteQueryOptions(unackOnly));
  const alerts = q.data?.pages.flatMap((p) => p.items);
  const total = q.data?.pages[0]?.total ?? alerts?.length ?? 0;
  const now = useNow(30_000);
  const tab = (active: boolean) =>
    cx(
      "rounded-md px-3 py-1.5 text-sm font-medium transition-colors",
      active
        ? "bg-white text-gray-900 shadow-xs dark:bg-gray-700 dark:text-white"
        : "text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-white",
    );
  return (
    <Card aria-label="Alerts">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-100 px-5 py-4 dark:border-gray-800">
        <div role="group" aria-label="Alert filter" className="inline-flex rounded-lg bg-gray-100 p-1 dark:bg-gray-800">
          <button type="button" aria-pressed={unackOnly} className={tab(unackOnly)} onClick={() => setUnackOnly(true)}>
            Unacknowledged
          </button>
          <button type="button" aria-pressed={!unackOnly} className={tab(!unackOnly)} onClick={() => setUnackOnly(false)}>
            All Alerts
          </button>
        </div>
        <Badge>
          <span role="status" aria-label="Alert count">
            {total}
          </span>
        </Badge>
      </div>
      <div className="p-5">
        <ListStates
          query={pagedListState(q, alerts)}
          placeholders={3}
          rowClassName="h-16"
          empty={unackOnly ? "No unacknowledged alerts" : "No alerts found"}
          errorTitle="Failed to fetch alerts"
        >
          {(items) => (
            <>
              <ul role="list" aria-label="Alerts list" className="divide-y divide-gray-100 dark:divide-gray-800">
                {items.map((a) => (
                  <AlertRow key={a.id} alert={a} now={now} />
                ))}
              </ul>
              <LoadMore query={q} shown={items.length} total={total} noun="alerts" />
            </>
          )}
        </ListStates>
      </div>
    </Card>
  );
}
