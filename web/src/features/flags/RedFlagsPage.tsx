// Red Flags (docs/web.md#screens): warning and critical logs in pages of 100 ('Load more' by cursor),
// filtered like Prompt Logs plus reason and reviewed (all in the URL), split into two sections. Each
// badge counts every log of that flag under the filters (GET /api/logs/counts).
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { TRUNCATE } from "@promptsentry/schema/constants/screens";
import { getRouteApi } from "@tanstack/react-router";
import { LoadMore } from "../../components/LoadMore";
import { LogFilterBar } from "../logs/LogFilterBar";
import { SessionLink, UserLink } from "../logs/IdLinks";
import { flaggedLogsQueryOptions, logCountsQueryOptions } from "../../api/logs";
import type { PromptLog } from "../../api/types";
import { AlertTriangleIcon, XOctagonIcon } from "../../components/icons";
import { Badge, ErrorState, Panel, PlaceholderRows, EmptyState, Card } from "../../components/ui";
import { formatDateTime, truncate } from "../../lib/format";
import { reasonLabels } from "../../lib/flags";
import { DetailsButton, TextPair } from "../logs/LogList";
import { FlagIcon, ModelBadge } from "../logs/flag";
import { PromptDetailsDialog } from "../logs/PromptDetailsDialog";
import { PrecisionEstimate } from "../feedback/PrecisionEstimate";

function FlagItem({ log, onDetails }: { log: PromptLog; onDetails: () => void }) {
  return (
    <li className="flex gap-3 py-4 first:pt-0 last:pb-0" data-log-id={log.id}>
      <FlagIcon status={log.flagStatus} className="mt-0.5 h-5 w-5" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2 text-xs text-gray-500 dark:text-gray-400">
          <ModelBadge model={log.model} />
          <time dateTime={log.createdAt}>{formatDateTime(log.createdAt)}</time>
          {log.userId ? <UserLink id={log.userId} /> : null}
          {log.sessionId ? <SessionLink id={log.sessionId} /> : null}
        </div>
        <p className="mt-2 text-sm text-gray-900 dark:text-gray-100">
          <span className="font-medium">Reason:</span> {reasonLabels(log.flagReasons).join(", ")}
        </p>
        <TextPair
          prompt={truncate(log.prompt, TRUNCATE.redFlags)}
          response={truncate(log.response, TRUNCATE.redFlags)}
          expired={log.contentExpired}
        />
      </div>
      <DetailsButton onClick={onDetails} />
    </li>
  );
}

function Section({
  title,
  icon,
  badgeClass,
  items,
  total,
  empty,
  onDetails,
}: {
  title: string;
  icon: React.ReactNode;
  badgeClass: string;
  items: PromptLog[];
  /** Every log with this flag; unknown until the counts arrive (or if they fail). */
  total: number | undefined;
  empty: string;
  onDetails: (l: PromptLog) => void;
}) {
  const count = Math.max(total ?? 0, items.length);
  return (
    <Panel title={title} icon={icon} actions={<Badge className={badgeClass}>{count.toLocaleString("en-US")}</Badge>}>
      {items.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <>
          <ul role="list" aria-label={title} className="divide-y divide-gray-100 dark:divide-gray-800">
            {items.map((log) => (
              <FlagItem key={log.id} log={log} onDetails={() => onDetails(log)} />
            ))}
          </ul>
          {count > items.length ? (
            <p className="mt-4 border-t border-gray-100 pt-4 text-sm text-gray-600 dark:border-gray-800 dark:text-gray-400">
              Showing {items.length.toLocaleString("en-US")} of {count.toLocaleString("en-US")}
            </p>
          ) : null}
        </>
      )}
    </Panel>
  );
}

const route = getRouteApi("/_signedIn/flags");

export function RedFlagsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { view: _view, sort: _sort, order: _order, ...filters } = search;
  const q = useInfiniteQuery(flaggedLogsQueryOptions(filters));
  const counts = useQuery(logCountsQueryOptions({ ...filters, flagStatus: filters.flagStatus ?? "warning,critical" }));
  const [selected, setSelected] = useState<PromptLog | null>(null);
  const setFilter = (patch: Partial<typeof search>) => void navigate({ search: (prev) => ({ ...prev, ...patch }) });
  const bar = (
    <Card className="p-5">
      <LogFilterBar search={search} onChange={setFilter} onResubmit={() => void q.refetch()} variant="flags" />
    </Card>
  );
  if (q.isPending) {
    return (
      <div className="space-y-6">
        {bar}
        <Card className="p-5">
          <PlaceholderRows count={3} rowClassName="h-28" />
        </Card>
      </div>
    );
  }
  if (q.isError && !q.isFetchNextPageError) {
    return (
      <div className="space-y-6">
        {bar}
        <Card>
          <ErrorState title="Failed to fetch flagged logs" error={q.error} onRetry={() => void q.refetch()} />
        </Card>
      </div>
    );
  }
  const all = q.data.pages.flat();
  const critical = all.filter((l) => l.flagStatus === "critical");
  const warning = all.filter((l) => l.flagStatus === "warning");
  return (
    <div className="space-y-6">
      <PrecisionEstimate />
      {bar}
      <Section
        title="Critical Flags"
        total={counts.data?.critical ?? undefined}
        icon={<XOctagonIcon className="h-5 w-5 text-red-600 dark:text-red-400" />}
        badgeClass="bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-500/15 dark:text-red-300"
        items={critical}
        empty="No critical flags found. Great job!"
        onDetails={setSelected}
      />
      <Section
        title="Warning Flags"
        total={counts.data?.warning ?? undefined}
        icon={<AlertTriangleIcon className="h-5 w-5 text-amber-500" />}
        badgeClass="bg-amber-100 text-amber-800 ring-amber-600/20 dark:bg-amber-500/15 dark:text-amber-300"
        items={warning}
        empty="No warning flags found."
        onDetails={setSelected}
      />
      <LoadMore query={q} shown={all.length} total={counts.data?.total} capped={counts.data?.capped} noun="flagged logs" />
      <PromptDetailsDialog log={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
