// A user (docs/web.md#sessions-and-users): first and last seen, cost, tokens and flags over the
// last 30 days with a chart per day, and the user's most recent logs.
import { useQuery } from "@tanstack/react-query";
import { Link, getRouteApi } from "@tanstack/react-router";
import { Suspense, lazy, useState } from "react";
import { userQueryOptions } from "../../api/activity";
import { fetchLogs } from "../../api/logs";
import type { PromptLog } from "../../api/types";
import { Card, ErrorState, Panel, PlaceholderRows, Skeleton, buttonClass } from "../../components/ui";
import { BarChartIcon, FileTextIcon } from "../../components/icons";
import { formatDateTime, formatLogCost, formatNumber, formatStatsCost, truncate } from "../../lib/format";
import { DetailsButton, ListStates } from "../logs/LogList";
import { FlagBadge, ModelBadge } from "../logs/flag";
import { SessionLink } from "../logs/IdLinks";
import { PromptDetailsDialog } from "../logs/PromptDetailsDialog";
import { Figure } from "../sessions/SessionPage";
import { USER_VIEW_DAYS } from "./constants";

const route = getRouteApi("/_signedIn/users/$id");
const Chart = lazy(() => import("./UserDailyChart"));
const RECENT = 10;

function RecentLogs({ userId, onDetails }: { userId: string; onDetails: (l: PromptLog) => void }) {
  const q = useQuery({ queryKey: ["logs", "user-recent", userId], queryFn: ({ signal }) => fetchLogs({ userId, limit: RECENT }, signal) });
  return (
    <ListStates
      query={q}
      placeholders={3}
      rowClassName="h-12"
      empty="No logs found matching your criteria."
      errorTitle="Failed to fetch logs"
    >
      {(logs) => (
        <ul role="list" aria-label="Recent logs" className="divide-y divide-gray-100 dark:divide-gray-800">
          {logs.map((log) => (
            <li key={log.id} className="flex items-start gap-3 py-3" data-log-id={log.id}>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2 text-xs text-gray-500 dark:text-gray-400">
                  <FlagBadge status={log.flagStatus} />
                  <ModelBadge model={log.model} />
                  <time dateTime={log.createdAt}>{formatDateTime(log.createdAt)}</time>
                  {log.sessionId ? <SessionLink id={log.sessionId} /> : null}
                  {log.estimatedCost != null ? <span>Cost: {formatLogCost(log.estimatedCost)}</span> : null}
                </div>
                <p className="mt-1 text-sm wrap-anywhere text-gray-900 dark:text-gray-100">{truncate(log.prompt, 200)}</p>
              </div>
              <DetailsButton onClick={() => onDetails(log)} />
            </li>
          ))}
        </ul>
      )}
    </ListStates>
  );
}

export function UserPage() {
  const { id } = route.useParams();
  const q = useQuery(userQueryOptions(id, USER_VIEW_DAYS));
  const [selected, setSelected] = useState<PromptLog | null>(null);
  if (q.isPending)
    return (
      <Card className="p-5">
        <PlaceholderRows count={3} rowClassName="h-24" />
      </Card>
    );
  if (q.isError)
    return (
      <Card>
        <ErrorState title="Failed to fetch the user" error={q.error} onRetry={() => void q.refetch()} />
      </Card>
    );
  const u = q.data;
  const chart = (show: "cost" | "activity") => (
    <div className="relative h-64">
      <Suspense fallback={<Skeleton className="h-full w-full" />}>
        <Chart days={u.daily} show={show} />
      </Suspense>
    </div>
  );
  return (
    <div className="space-y-6">
      <Card className="space-y-4 p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold break-all text-gray-900 dark:text-white">User {u.userId}</h2>
          <Link to="/logs" search={{ userId: u.userId }} className={buttonClass("secondary", "sm")}>
            All logs of this user
          </Link>
        </div>
        <p className="text-sm text-gray-600 dark:text-gray-400">
          First seen <time dateTime={u.firstSeenAt}>{formatDateTime(u.firstSeenAt)}</time> · Last seen{" "}
          <time dateTime={u.lastSeenAt}>{formatDateTime(u.lastSeenAt)}</time>
        </p>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label={`User totals, last ${u.days} days`}>
          <Figure label={`Cost (${u.days} days)`} value={formatStatsCost(u.cost)} />
          <Figure label="Tokens" value={formatNumber(u.tokens)} />
          <Figure label="Prompts" value={formatNumber(u.logs)} />
          <Figure label="Sessions" value={formatNumber(u.sessions)} />
          <Figure label="Flags" value={`${formatNumber(u.critical)} critical · ${formatNumber(u.warning)} warning`} />
        </dl>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <Panel title="Cost per day" icon={<BarChartIcon className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />}>
          {chart("cost")}
        </Panel>
        <Panel title="Prompts, flags and tokens per day" icon={<BarChartIcon className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />}>
          {chart("activity")}
        </Panel>
      </div>
      <Panel title="Recent logs" icon={<FileTextIcon className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />}>
        <RecentLogs userId={u.userId} onDetails={setSelected} />
      </Panel>
      <PromptDetailsDialog log={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
