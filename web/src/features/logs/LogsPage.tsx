// Prompt Logs (docs/web.md#prompt-logs): the filter bar, cards or a sortable table (all in the URL), details dialog,
// 'Load more' by cursor, CSV / JSONL export of the current filter.
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { Outlet, getRouteApi } from "@tanstack/react-router";
import { FINGERPRINT_SHORT_LENGTH } from "@promptsentry/schema/constants/privacy";
import { TRUNCATE } from "@promptsentry/schema/constants/screens";
import { exportUrl, logCountsQueryOptions, logKeys, logsInfiniteQueryOptions } from "../../api/logs";
import { LoadMore } from "../../components/LoadMore";
import type { PromptLog } from "../../api/types";
import { DownloadIcon, XIcon } from "../../components/icons";
import { Card, buttonClass } from "../../components/ui";
import { LogFilterBar } from "./LogFilterBar";
import { LogTable } from "./LogTable";
import { SessionLink, UserLink } from "./IdLinks";
import { formatDateTime, formatLogCost, formatNumber, truncate } from "../../lib/format";
import { DetailsButton, ListStates, TextPair, pagedListState } from "./LogList";
import { BlockedBadge, FlagBadge, ModelBadge } from "./flag";
import { NewLogsBar, usePendingLogs } from "../realtime/NewLogsBar";

const route = getRouteApi("/_signedIn/logs");

function LogRow({ log, onDetails }: { log: PromptLog; onDetails: () => void }) {
  return (
    <li className="py-4 first:pt-0 last:pb-0" data-log-id={log.id}>
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2 text-xs text-gray-500 dark:text-gray-400">
            <FlagBadge status={log.flagStatus} />
            {log.blocked ? <BlockedBadge /> : null}
            <ModelBadge model={log.model} />
            <time dateTime={log.createdAt}>{formatDateTime(log.createdAt)}</time>
            {log.userId ? <UserLink id={log.userId} /> : null}
            {log.sessionId ? <SessionLink id={log.sessionId} /> : null}
          </div>
          <TextPair
            prompt={truncate(log.prompt, TRUNCATE.logs)}
            response={truncate(log.response, TRUNCATE.logs)}
            expired={log.contentExpired}
          />
          {log.tokenCount != null || log.estimatedCost != null ? (
            <div className="mt-2 flex gap-4 text-xs text-gray-500 dark:text-gray-400">
              {log.tokenCount != null ? <span>Tokens: {formatNumber(log.tokenCount)}</span> : null}
              {log.estimatedCost != null ? <span>Cost: {formatLogCost(log.estimatedCost)}</span> : null}
            </div>
          ) : null}
        </div>
        <DetailsButton onClick={onDetails} />
      </div>
    </li>
  );
}

export function LogsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();

  const listOptions = logsInfiniteQueryOptions(search);
  const q = useInfiniteQuery(listOptions);
  const pending = usePendingLogs(listOptions.queryKey);
  // A log's details have their own URL (/logs/:id, the dialog over this list); the row's copy is
  // shown at once, and the log is still fetched: only its own page carries its conversation turns.
  const queryClient = useQueryClient();
  const openLog = (log: PromptLog) => {
    if (!queryClient.getQueryData(logKeys.detail(log.id))) {
      queryClient.setQueryData(logKeys.detail(log.id), log);
      void queryClient.invalidateQueries({ queryKey: logKeys.detail(log.id), refetchType: "none" });
    }
    void navigate({ to: "/logs/$id", params: { id: log.id }, search: (prev) => prev });
  };
  const counts = useQuery(logCountsQueryOptions(search));
  const logs = q.data?.pages.flat();

  const setFilter = (patch: Partial<typeof search>) => void navigate({ search: (prev) => ({ ...prev, ...patch }) });

  return (
    <div className="space-y-6">
      <Card className="p-5">
        <LogFilterBar search={search} onChange={setFilter} onResubmit={() => void q.refetch()} variant="logs" />
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-2 text-xs text-gray-600 dark:text-gray-400">
            <label className="inline-flex cursor-pointer items-center gap-1.5 py-1">
              <input
                type="checkbox"
                className="h-4 w-4 rounded border-gray-300 accent-indigo-600"
                checked={search.hideTests === true}
                onChange={(e) => setFilter({ hideTests: e.target.checked || undefined })}
              />
              Hide test prompts
            </label>
            {search.model ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-gray-100 py-1 pr-1 pl-3 dark:bg-gray-800">
                Model family {search.model}
                <button
                  type="button"
                  aria-label="Clear model family"
                  onClick={() => setFilter({ model: undefined })}
                  className="rounded-full p-0.5 hover:bg-gray-200 dark:hover:bg-gray-700"
                >
                  <XIcon className="h-3.5 w-3.5" />
                </button>
              </span>
            ) : null}
            {search.fingerprint ? (
              <span
                className="inline-flex items-center gap-1 rounded-full bg-gray-100 py-1 pr-1 pl-3 dark:bg-gray-800"
                title={search.fingerprint}
              >
                Redacted value <code>{search.fingerprint.slice(0, FINGERPRINT_SHORT_LENGTH)}</code>
                <button
                  type="button"
                  aria-label="Clear fingerprint"
                  onClick={() => setFilter({ fingerprint: undefined })}
                  className="rounded-full p-0.5 hover:bg-gray-200 dark:hover:bg-gray-700"
                >
                  <XIcon className="h-3.5 w-3.5" />
                </button>
              </span>
            ) : null}
            <div role="group" aria-label="View" className="inline-flex overflow-hidden rounded-md ring-1 ring-gray-300 dark:ring-gray-700">
              {(["cards", "table"] as const).map((v) => (
                <button
                  key={v}
                  type="button"
                  aria-pressed={(search.view ?? "cards") === v}
                  onClick={() => setFilter({ view: v === "cards" ? undefined : v })}
                  className={`px-3 py-1 text-xs font-medium ${(search.view ?? "cards") === v ? "bg-indigo-600 text-white" : "bg-white text-gray-700 dark:bg-gray-900 dark:text-gray-300"}`}
                >
                  {v === "cards" ? "Cards" : "Table"}
                </button>
              ))}
            </div>
          </div>
          <div className="flex gap-2">
            <a href={exportUrl("csv", search)} download className={buttonClass("secondary", "sm")}>
              <DownloadIcon className="h-4 w-4" />
              Export CSV
            </a>
            <a href={exportUrl("jsonl", search)} download className={buttonClass("secondary", "sm")}>
              <DownloadIcon className="h-4 w-4" />
              Export JSONL
            </a>
          </div>
        </div>
      </Card>

      <NewLogsBar count={pending} busy={q.isFetching} onShow={() => void q.refetch()} />
      <Card className="p-5" aria-label="Logs">
        <ListStates
          query={pagedListState(q, logs)}
          placeholders={5}
          rowClassName="h-24"
          empty="No logs found matching your criteria."
          errorTitle="Failed to fetch logs"
        >
          {(items) => (
            <>
              {search.view === "table" ? (
                <LogTable
                  logs={items}
                  sort={search.sort ?? "time"}
                  order={search.order ?? "desc"}
                  onSort={(sort, order) =>
                    setFilter({ sort: sort === "time" && order === "desc" ? undefined : sort, order: order === "desc" ? undefined : order })
                  }
                  onDetails={openLog}
                />
              ) : (
                <ul role="list" aria-label="Prompt logs" className="divide-y divide-gray-100 dark:divide-gray-800">
                  {items.map((log) => (
                    <LogRow key={log.id} log={log} onDetails={() => openLog(log)} />
                  ))}
                </ul>
              )}
              <LoadMore query={q} shown={items.length} total={counts.data?.total} capped={counts.data?.capped} noun="logs" />
            </>
          )}
        </ListStates>
      </Card>
      <Outlet />
    </div>
  );
}
