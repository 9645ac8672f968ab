// The Prompt Logs table view: one row per log; time, latency, tokens and cost sort on the server
// (the order is in the URL, so the whole filtered list is ordered, not only the rows loaded).
import type { PromptLog } from "../../api/types";
import { formatDateTime, formatLogCost, formatNumber, truncate } from "../../lib/format";
import { DetailsButton } from "./LogList";
import { FlagBadge, ModelBadge } from "./flag";
import { SessionLink, UserLink } from "./IdLinks";
import type { LogsSearch } from "./search";

type Sort = NonNullable<LogsSearch["sort"]>;
type Order = NonNullable<LogsSearch["order"]>;

function SortHeader({
  label,
  column,
  sort,
  order,
  onSort,
  align = "right",
}: {
  label: string;
  column: Sort;
  sort: Sort;
  order: Order;
  onSort: (sort: Sort, order: Order) => void;
  align?: "left" | "right";
}) {
  const active = sort === column;
  const next: Order = active && order === "desc" ? "asc" : "desc";
  return (
    <th scope="col" aria-sort={active ? (order === "asc" ? "ascending" : "descending") : "none"} className={`px-3 py-2 text-${align}`}>
      <button
        type="button"
        onClick={() => onSort(column, next)}
        className="inline-flex items-center gap-1 font-semibold hover:text-indigo-600 dark:hover:text-indigo-400"
      >
        {label}
        <span aria-hidden="true">{active ? (order === "asc" ? "▲" : "▼") : "↕"}</span>
      </button>
    </th>
  );
}

export function LogTable({
  logs,
  sort,
  order,
  onSort,
  onDetails,
}: {
  logs: PromptLog[];
  sort: Sort;
  order: Order;
  onSort: (sort: Sort, order: Order) => void;
  onDetails: (log: PromptLog) => void;
}) {
  const head = { sort, order, onSort };
  return (
    <div className="-mx-5 overflow-x-auto">
      <table className="min-w-full text-sm" aria-label="Prompt logs table">
        <thead className="border-b border-gray-200 text-xs text-gray-600 dark:border-gray-800 dark:text-gray-400">
          <tr>
            <SortHeader label="Time" column="time" align="left" {...head} />
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              Flag
            </th>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              Model
            </th>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              User / Session
            </th>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              Prompt
            </th>
            <SortHeader label="Latency" column="latency" {...head} />
            <SortHeader label="Tokens" column="tokens" {...head} />
            <SortHeader label="Cost" column="cost" {...head} />
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Details</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
          {logs.map((log) => (
            <tr key={log.id} data-log-id={log.id} className="align-top">
              <td className="px-3 py-2 whitespace-nowrap text-gray-600 dark:text-gray-400">
                <time dateTime={log.createdAt}>{formatDateTime(log.createdAt)}</time>
              </td>
              <td className="px-3 py-2">
                <FlagBadge status={log.flagStatus} />
              </td>
              <td className="px-3 py-2">
                <ModelBadge model={log.model} />
              </td>
              <td className="max-w-48 px-3 py-2 text-xs break-all">
                {log.userId ? <UserLink id={log.userId} label={false} /> : <span className="text-gray-400">N/A</span>}
                {log.sessionId ? (
                  <div>
                    <SessionLink id={log.sessionId} label={false} />
                  </div>
                ) : null}
              </td>
              <td className="min-w-64 px-3 py-2 text-gray-900 dark:text-gray-100">{truncate(log.prompt, 80)}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums" data-col="latency">
                {log.latencyMs != null ? `${formatNumber(log.latencyMs)} ms` : "—"}
              </td>
              <td className="px-3 py-2 text-right tabular-nums" data-col="tokens">
                {log.tokenCount != null ? formatNumber(log.tokenCount) : "—"}
              </td>
              <td className="px-3 py-2 text-right tabular-nums" data-col="cost">
                {log.estimatedCost != null ? formatLogCost(log.estimatedCost) : "—"}
              </td>
              <td className="px-3 py-2">
                <DetailsButton onClick={() => onDetails(log)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
