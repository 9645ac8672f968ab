// "N new" for a list on screen that could not place pushed logs itself (a search, say): a click
// refetches the list. The bar sticks under the header so it shows wherever the reader is; rows
// added above the reader's place do not move it (the browser's scroll anchoring keeps the rows in view).
import { hashKey, skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { pendingKey } from "./liveCache";

/** How many pushed logs the list under `listKey` is missing; a fetch from the server (not a live insert) clears them. */
export function usePendingLogs(listKey: readonly unknown[]): number {
  const queryClient = useQueryClient();
  const hash = hashKey(listKey);
  const { data } = useQuery<string[]>({ queryKey: pendingKey(listKey), queryFn: skipToken });
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((e) => {
        if (e.type !== "updated" || e.action.type !== "success" || e.action.manual || e.query.queryHash !== hash) return;
        queryClient.setQueryData<string[]>(pendingKey(e.query.queryKey), []);
      }),
    [hash, queryClient],
  );
  return data?.length ?? 0;
}

export function NewLogsBar({ count, onShow, busy }: { count: number; onShow: () => void; busy?: boolean }) {
  if (count === 0) return null;
  return (
    <div className="sticky top-20 z-10 flex justify-center">
      <button
        type="button"
        onClick={onShow}
        disabled={busy}
        className="rounded-full bg-indigo-600 px-4 py-1.5 text-sm font-medium text-white shadow-md hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-70"
      >
        {count.toLocaleString("en-US")} new {count === 1 ? "log" : "logs"} · Show
      </button>
    </div>
  );
}
