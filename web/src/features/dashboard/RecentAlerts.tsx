// Recent Alerts (docs/web.md#screens): unacknowledged alerts, polled every 30 s, at most 5, each linking to
// the log that opened it, 'View All Alerts'.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { REFRESH_MS } from "@promptsentry/schema/constants/screens";
import { recentAlertsQueryOptions } from "../../api/alerts";
import { AlertTriangleIcon } from "../../components/icons";
import { Panel, buttonClass } from "../../components/ui";
import { alertRelativeTime, formatAlertType } from "../../lib/format";
import { useNow } from "../../lib/useNow";
import { SeverityDot } from "../alerts/severity";
import { ListStates } from "../logs/LogList";

export function RecentAlerts() {
  const q = useQuery({ ...recentAlertsQueryOptions(), refetchInterval: REFRESH_MS.alerts, select: (page) => page.items });
  const now = useNow(30_000);
  return (
    <Panel title="Recent Alerts" icon={<AlertTriangleIcon className="h-5 w-5 text-amber-500" />}>
      <ListStates query={q} placeholders={3} rowClassName="h-12" empty="No unacknowledged alerts" errorTitle="Failed to fetch alerts">
        {(alerts) => (
          <ul role="list" aria-label="Recent alerts" className="space-y-3">
            {alerts.map((a) => (
              <li key={a.id} className="flex gap-3">
                <SeverityDot severity={a.severity} />
                <div className="min-w-0">
                  <p className="text-sm wrap-anywhere text-gray-900 dark:text-gray-100">{a.message}</p>
                  <p className="text-xs text-gray-500 dark:text-gray-400">
                    {formatAlertType(a.type)} · <time dateTime={a.createdAt}>{alertRelativeTime(a.createdAt, now)}</time>
                    {a.logId ? (
                      <>
                        {" · "}
                        <Link
                          to="/logs/$id"
                          params={{ id: a.logId }}
                          className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
                        >
                          View log
                        </Link>
                      </>
                    ) : null}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
      <Link to="/alerts" className={`${buttonClass("secondary", "sm")} mt-4 w-full`}>
        View All Alerts
      </Link>
    </Panel>
  );
}
