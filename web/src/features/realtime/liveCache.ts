// Where a log pushed over the socket goes in the query cache (docs/web.md#live-updates). Lists that
// can tell the log matches take it at once; lists whose filters only the server can evaluate (a
// search, a fingerprint, a filter this code does not know) count it as pending and offer a refetch;
// figures computed on the server are refetched, coalesced, by the caller.
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { RED_FLAGS_LIMIT } from "@promptsentry/schema/constants/logs";
import { logKeys, type LogFilters } from "../../api/logs";
import type { PromptLog } from "../../api/types";

export type Match = "yes" | "no" | "unknown";

/** Filters decided here exactly as GET /api/logs decides them (worker/src/queries/logs.ts logFilters). */
const KNOWN = new Set(["flagStatus", "model", "userId", "blocked", "from", "to"]);

/** Whether `log` belongs in a list filtered by `filters` (already cleaned: no blanks, no 'all'). */
export function matchesFilters(log: PromptLog, filters: Record<string, unknown>): Match {
  let unknown = false;
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined) continue;
    if (!KNOWN.has(key)) {
      unknown = true;
      continue;
    }
    if (key === "flagStatus" && !String(value).split(",").includes(log.flagStatus)) return "no";
    // A prefix, case-insensitive: the screens filter by family ("gpt-4" takes gpt-4o).
    if (key === "model" && !log.model.toLowerCase().startsWith(String(value).toLowerCase())) return "no";
    if (key === "blocked" && Boolean(log.blocked) !== value) return "no";
    if (key === "from" && Date.parse(log.createdAt) < Date.parse(String(value))) return "no";
    if (key === "to" && Date.parse(log.createdAt) > Date.parse(String(value))) return "no";
    // Under sensitive redaction a user id is stored as its fingerprint, which only the server can
    // compute: equal is a match, no user is none, anything else only the server can tell.
    if (key === "userId" && log.userId !== value) {
      if (!log.userId) return "no";
      unknown = true;
    }
  }
  return unknown ? "unknown" : "yes";
}

const newer = (a: PromptLog, b: PromptLog) => a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id);

/** `list` with `log` put in its place, newest first (a late batch may carry older logs), without a second copy. */
export function insertByTime(list: PromptLog[], log: PromptLog, max = Infinity): PromptLog[] {
  const rest = list.filter((l) => l.id !== log.id);
  const at = rest.findIndex((l) => newer(log, l));
  const out = at === -1 ? [...rest, log] : [...rest.slice(0, at), log, ...rest.slice(at)];
  return out.slice(0, max);
}

/** Ids of pushed logs a list on screen could not place itself, kept per list (by its query key) in the query cache. */
export const pendingKey = (listKey: readonly unknown[]) => ["live", "pending", ...listKey] as const;

type Pages = InfiniteData<PromptLog[], string | undefined>;
const isPages = (d: unknown): d is Pages => typeof d === "object" && d !== null && "pages" in d;

/**
 * Places one pushed log in every cached list it belongs to: Prompt Logs lists (one per filter set)
 * and the Red Flags list (flagged logs only, whatever its shape: one page or pages).
 */
export function applyNewLog(queryClient: QueryClient, log: PromptLog): void {
  const flagged = log.flagStatus === "warning" || log.flagStatus === "critical";
  for (const query of queryClient.getQueryCache().findAll({ queryKey: logKeys.all })) {
    const [, kind, extra] = query.queryKey as [string, string, LogFilters | undefined];
    if (kind !== "list" && kind !== "flagged") continue;
    if (kind === "flagged" && !flagged) continue;
    const filters: LogFilters = extra ?? {};
    const match = matchesFilters(log, filters);
    const data = query.state.data;
    if (!data || match === "no") continue;
    if (Array.isArray(data)) {
      // One page (Red Flags' newest RED_FLAGS_LIMIT): place it when the list can tell, else refetch later.
      if (match === "yes") queryClient.setQueryData<PromptLog[]>(query.queryKey, insertByTime(data, log, RED_FLAGS_LIMIT));
      else markPending(queryClient, query.queryKey, log, query.getObserversCount() > 0);
      continue;
    }
    if (!isPages(data) || data.pages.some((p) => p.some((l) => l.id === log.id))) continue;
    const first = data.pages[0] ?? [];
    const last = first[first.length - 1];
    // Older than the whole first page of several (a late batch): only a refetch puts it in its place.
    const fitsFirstPage = !last || newer(log, last) || data.pages.length === 1;
    if (match === "yes" && fitsFirstPage) {
      queryClient.setQueryData<Pages>(query.queryKey, { ...data, pages: [insertByTime(first, log), ...data.pages.slice(1)] });
    } else {
      markPending(queryClient, query.queryKey, log, query.getObserversCount() > 0);
    }
  }
}

/** A list on screen counts the log for its "N new" bar; one off screen refetches when next shown. */
function markPending(queryClient: QueryClient, key: readonly unknown[], log: PromptLog, onScreen: boolean) {
  if (onScreen) {
    queryClient.setQueryData<string[]>(pendingKey(key), (ids = []) => (ids.includes(log.id) ? ids : [...ids, log.id]));
  } else {
    void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: "none" });
  }
}
