// Alerts (docs/web.md#screens): 'Unacknowledged' (default) or 'All Alerts' (the tab is in the URL),
// count badge, acknowledge one, several (selected) or all shown; an alert opened by a log links to it.
// Pages of 50 with 'Load more'; the badge counts every matching alert, not just the loaded ones.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { acknowledgeAlert, acknowledgeAlerts, alertKeys, alertsInfiniteQueryOptions } from "../../api/alerts";
import { errorText } from "../../api/client";
import type { Alert } from "../../api/types";
import { CheckIcon } from "../../components/icons";
import { LoadMore } from "../../components/LoadMore";
import { toast } from "../../components/toast";
import { Badge, Button, Card, cx } from "../../components/ui";
import { alertRelativeTime, formatAlertType } from "../../lib/format";
import { useNow } from "../../lib/useNow";
import { ListStates, pagedListState } from "../logs/LogList";
import { alertTab } from "./search";
import { SeverityBadge, SeverityIcon } from "./severity";

const route = getRouteApi("/_signedIn/alerts");

function AlertRow({ alert, now, selected, onSelect }: { alert: Alert; now: number; selected: boolean; onSelect: (on: boolean) => void }) {
  const queryClient = useQueryClient();
  const ack = useMutation({
    mutationFn: () => acknowledgeAlert(alert.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
    onError: (e) => toast({ title: "Failed to acknowledge alert", description: errorText(e), variant: "destructive" }),
  });
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start" data-alert-id={alert.id}>
      <div className="flex items-center gap-3 sm:mt-0.5">
        {alert.acknowledged ? (
          <span className="h-4 w-4" aria-hidden="true" />
        ) : (
          <input
            type="checkbox"
            className={CHECKBOX}
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={`Select alert: ${alert.message}`}
          />
        )}
        <SeverityIcon severity={alert.severity} />
      </div>
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
        {alert.logId ? (
          <Link
            to="/logs/$id"
            params={{ id: alert.logId }}
            className="mt-1 inline-block text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
          >
            View log
          </Link>
        ) : null}
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

const CHECKBOX = "h-4 w-4 rounded border-gray-300 accent-indigo-600 dark:border-gray-600";

export function AlertsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const unackOnly = alertTab(search) === "unacknowledged";
  const setUnackOnly = (on: boolean) => {
    setSelected(new Set());
    void navigate({ search: (prev) => ({ ...prev, tab: on ? undefined : "all" }) });
  };
  const q = useInfiniteQuery(alertsInfiniteQueryOptions(unackOnly));
  const alerts = q.data?.pages.flatMap((p) => p.items);
  const total = q.data?.pages[0]?.total ?? alerts?.length ?? 0;
  const now = useNow(30_000);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const open = (alerts ?? []).filter((a) => !a.acknowledged);
  // Only what is still shown and open counts as selected (an alert may have been acknowledged elsewhere).
  const chosen = open.filter((a) => selected.has(a.id)).map((a) => a.id);
  const queryClient = useQueryClient();
  const bulk = useMutation({
    mutationFn: acknowledgeAlerts,
    onSuccess: (done) => {
      setSelected(new Set());
      toast({ title: done.length === 1 ? "1 alert acknowledged" : `${done.length.toLocaleString("en-US")} alerts acknowledged` });
    },
    onError: (e) => toast({ title: "Failed to acknowledge alerts", description: errorText(e), variant: "destructive" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
  const select = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
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
      {open.length > 0 ? (
        <div
          role="toolbar"
          aria-label="Acknowledge several alerts"
          className="flex flex-wrap items-center gap-3 border-b border-gray-100 px-5 py-3 text-sm dark:border-gray-800"
        >
          <label className="inline-flex items-center gap-2 text-gray-700 dark:text-gray-300">
            <input
              type="checkbox"
              className={CHECKBOX}
              checked={chosen.length === open.length}
              ref={(el) => {
                if (el) el.indeterminate = chosen.length > 0 && chosen.length < open.length;
              }}
              onChange={(e) => setSelected(new Set(e.target.checked ? open.map((a) => a.id) : []))}
            />
            {chosen.length > 0 ? `${chosen.length.toLocaleString("en-US")} selected` : "Select all shown"}
          </label>
          <div className="ml-auto flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" disabled={chosen.length === 0 || bulk.isPending} onClick={() => bulk.mutate(chosen)}>
              Acknowledge selected
            </Button>
            <Button variant="secondary" size="sm" disabled={bulk.isPending} onClick={() => bulk.mutate(open.map((a) => a.id))}>
              {bulk.isPending ? "Acknowledging..." : `Acknowledge all shown (${open.length.toLocaleString("en-US")})`}
            </Button>
          </div>
        </div>
      ) : null}
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
                  <AlertRow key={a.id} alert={a} now={now} selected={selected.has(a.id)} onSelect={(on) => select(a.id, on)} />
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
