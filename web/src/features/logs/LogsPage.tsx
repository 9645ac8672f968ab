// Prompt Logs (docs/web.md#screens): search, flag and model filters kept in the URL, rows, details dialog,
// 'Load more' by cursor, CSV / JSONL export of the current filter.
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { Outlet, getRouteApi } from "@tanstack/react-router";
import { useEffect, useState, type FormEvent } from "react";
import { BLOCKED_FILTER_OPTIONS, FINGERPRINT_SHORT_LENGTH, MODEL_FILTER_OPTIONS, TRUNCATE } from "../../../../schema/constants";
import { exportUrl, logCountsQueryOptions, logKeys, logsInfiniteQueryOptions } from "../../api/logs";
import { LoadMore } from "../../components/LoadMore";
import type { PromptLog } from "../../api/types";
import { DownloadIcon, SearchIcon, XIcon } from "../../components/icons";
import { Select } from "../../components/Select";
import { Button, Card, buttonClass, inputClass } from "../../components/ui";
import { FLAG_FILTER_OPTIONS } from "../../lib/filters";
import { formatDateTime, formatLogCost, formatNumber, truncate } from "../../lib/format";
import { DetailsButton, ListStates, TextPair, pagedListState } from "./LogList";
import { BlockedBadge, FlagBadge, ModelBadge } from "./flag";
import { NewLogsBar, usePendingLogs } from "../realtime/NewLogsBar";

const route = getRouteApi("/_signedIn/logs");

type FlagValue = (typeof FLAG_FILTER_OPTIONS)[number]["value"];
type ModelValue = (typeof MODEL_FILTER_OPTIONS)[number]["value"];
type BlockedValue = (typeof BLOCKED_FILTER_OPTIONS)[number]["value"];

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
            {log.userId ? <span>User: {log.userId}</span> : null}
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
  const [text, setText] = useState(search.search ?? "");
  useEffect(() => setText(search.search ?? ""), [search.search]);

  const listOptions = logsInfiniteQueryOptions(search);
  const q = useInfiniteQuery(listOptions);
  const pending = usePendingLogs(listOptions.queryKey);
  // A log's details have their own URL (/logs/:id, the dialog over this list); the row's copy is
  // shown at once while the route would otherwise fetch it.
  const queryClient = useQueryClient();
  const openLog = (log: PromptLog) => {
    if (!queryClient.getQueryData(logKeys.detail(log.id))) queryClient.setQueryData(logKeys.detail(log.id), log);
    void navigate({ to: "/logs/$id", params: { id: log.id }, search: (prev) => prev });
  };
  const counts = useQuery(logCountsQueryOptions(search));
  const logs = q.data?.pages.flat();

  const setFilter = (patch: Partial<typeof search>) => void navigate({ search: (prev) => ({ ...prev, ...patch }) });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = text.trim() || undefined;
    if (next === search.search) void q.refetch();
    else setFilter({ search: next });
  };

  return (
    <div className="space-y-6">
      <Card className="p-5">
        <form onSubmit={submit} role="search" aria-label="Filter logs" className="flex flex-col gap-3 md:flex-row md:items-end">
          <div className="flex-1">
            <label htmlFor="logs-search" className="sr-only">
              Search
            </label>
            <div className="relative">
              <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-400" />
              <input
                id="logs-search"
                type="search"
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder="Search prompts and responses..."
                className={`${inputClass} pl-9`}
              />
            </div>
          </div>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 md:w-[36rem]">
            <Select
              label="Flag filter"
              hideLabel
              value={(search.flagStatus ?? "all") as FlagValue}
              options={FLAG_FILTER_OPTIONS}
              onChange={(v) => setFilter({ flagStatus: v === "all" ? undefined : v })}
            />
            <Select
              label="Model filter"
              hideLabel
              value={(MODEL_FILTER_OPTIONS.some((o) => o.value === search.model) ? search.model : "all") as ModelValue}
              options={MODEL_FILTER_OPTIONS}
              onChange={(v) => setFilter({ model: v === "all" ? undefined : v })}
            />
            <Select
              label="Blocked filter"
              hideLabel
              value={(search.blocked === undefined ? "all" : String(search.blocked)) as BlockedValue}
              options={BLOCKED_FILTER_OPTIONS}
              onChange={(v) => setFilter({ blocked: v === "all" ? undefined : v === "true" })}
            />
          </div>
          <Button type="submit">
            <SearchIcon className="h-4 w-4" />
            Search
          </Button>
        </form>
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
            {search.from || search.to ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-gray-100 py-1 pr-1 pl-3 dark:bg-gray-800">
                {search.from ? `From ${formatDateTime(search.from)}` : ""}
                {search.from && search.to ? " " : ""}
                {search.to ? `to ${formatDateTime(search.to)}` : ""}
                <button
                  type="button"
                  aria-label="Clear dates"
                  onClick={() => setFilter({ from: undefined, to: undefined })}
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
            {search.userId ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-gray-100 py-1 pr-1 pl-3 dark:bg-gray-800">
                User {search.userId}
                <button
                  type="button"
                  aria-label="Clear user"
                  onClick={() => setFilter({ userId: undefined })}
                  className="rounded-full p-0.5 hover:bg-gray-200 dark:hover:bg-gray-700"
                >
                  <XIcon className="h-3.5 w-3.5" />
                </button>
              </span>
            ) : null}
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
              <ul role="list" aria-label="Prompt logs" className="divide-y divide-gray-100 dark:divide-gray-800">
                {items.map((log) => (
                  <LogRow key={log.id} log={log} onDetails={() => openLog(log)} />
                ))}
              </ul>
              <LoadMore query={q} shown={items.length} total={counts.data?.total} capped={counts.data?.capped} noun="logs" />
            </>
          )}
        </ListStates>
      </Card>
      <Outlet />
    </div>
  );
}
