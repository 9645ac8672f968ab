// Analytics' cost per user and per session: the top spenders of the window, each linking to its view.
import { useQuery } from "@tanstack/react-query";
import { TOP_SPENDERS_DEFAULT } from "@promptsentry/schema/constants/time";
import { topSpendersQueryOptions } from "../../api/activity";
import { UsersIcon } from "../../components/icons";
import { Panel } from "../../components/ui";
import { formatNumber, formatStatsCost } from "../../lib/format";
import { SessionLink, UserLink } from "../logs/IdLinks";
import { ListStates } from "../logs/LogList";

export function TopSpenders({ by, days }: { by: "users" | "sessions"; days: number }) {
  const q = useQuery(topSpendersQueryOptions(by, days, TOP_SPENDERS_DEFAULT));
  const title = by === "users" ? "Cost per User" : "Cost per Session";
  return (
    <Panel title={title} icon={<UsersIcon className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />}>
      <ListStates
        query={q}
        placeholders={3}
        rowClassName="h-8"
        empty={by === "users" ? `No user ids in the last ${days} days.` : `No session ids in the last ${days} days.`}
        errorTitle={`Failed to fetch ${by}`}
      >
        {(rows) => (
          <div className="-mx-2 overflow-x-auto">
            <table className="min-w-full text-sm" aria-label={title}>
              <thead className="text-xs text-gray-600 dark:text-gray-400">
                <tr>
                  <th scope="col" className="px-2 py-1 text-left font-semibold">
                    {by === "users" ? "User" : "Session"}
                  </th>
                  <th scope="col" className="px-2 py-1 text-right font-semibold">
                    Cost
                  </th>
                  <th scope="col" className="px-2 py-1 text-right font-semibold">
                    Prompts
                  </th>
                  <th scope="col" className="px-2 py-1 text-right font-semibold">
                    Tokens
                  </th>
                  <th scope="col" className="px-2 py-1 text-right font-semibold">
                    Flagged
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
                {rows.map((r) => (
                  <tr key={r.id}>
                    <td className="max-w-48 truncate px-2 py-1.5">
                      {by === "users" ? <UserLink id={r.id} label={false} /> : <SessionLink id={r.id} label={false} />}
                    </td>
                    <td className="px-2 py-1.5 text-right font-medium tabular-nums">{formatStatsCost(r.cost)}</td>
                    <td className="px-2 py-1.5 text-right tabular-nums">{formatNumber(r.logs)}</td>
                    <td className="px-2 py-1.5 text-right tabular-nums">{formatNumber(r.tokens)}</td>
                    <td className="px-2 py-1.5 text-right tabular-nums">{formatNumber(r.warning + r.critical)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListStates>
    </Panel>
  );
}
