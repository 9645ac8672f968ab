import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { FEED_SIZE, LOGS_PAGE_LIMIT, RED_FLAGS_LIMIT, TEST_PROMPT_SOURCE } from "../../../schema/constants";
import { api, withQuery } from "./client";
import type { FingerprintSummary, LogCounts, PromptLog } from "./types";

/** Filters of GET /api/logs (docs/api.md) as kept in the /logs URL. */
export type LogFilters = {
  search?: string;
  flagStatus?: string;
  model?: string;
  userId?: string;
  from?: string;
  to?: string;
  /** Logs in which a redacted value with this fingerprint appeared. */
  fingerprint?: string;
  /** true: only logs the gateway blocked; false: none of them. */
  blocked?: boolean;
  /** Leave out the dashboard's test prompts (sent to the server as `excludeSource`). */
  hideTests?: boolean;
};

export const logKeys = {
  all: ["logs"] as const,
  feed: () => ["logs", "feed"] as const,
  list: (filters: LogFilters) => ["logs", "list", filters] as const,
  flagged: () => ["logs", "flagged"] as const,
  counts: (filters: LogFilters) => ["logs", "counts", filters] as const,
  detail: (id: string) => ["logs", "detail", id] as const,
  fingerprint: (fingerprint: string) => ["logs", "fingerprint", fingerprint] as const,
};

/** Only the filters the server should see ('all' and blanks dropped), in the server's names. */
export function cleanFilters(filters: LogFilters): Omit<LogFilters, "hideTests"> & { excludeSource?: string } {
  const out: Record<string, string | boolean> = {};
  for (const [k, v] of Object.entries(filters) as [keyof LogFilters, string | boolean | undefined][]) {
    if (v === undefined || v === "" || v === "all" || k === "hideTests") continue;
    out[k] = v;
  }
  if (filters.hideTests) out.excludeSource = TEST_PROMPT_SOURCE;
  return out;
}

export const fetchLogs = (query: LogFilters & { limit: number; before?: string }, signal?: AbortSignal) =>
  api<PromptLog[]>("/api/logs", { query, signal });

/** Dashboard Live Prompt Feed: the newest FEED_SIZE logs. */
export const feedQueryOptions = () =>
  queryOptions({
    queryKey: logKeys.feed(),
    queryFn: ({ signal }) => fetchLogs({ limit: FEED_SIZE }, signal),
  });

/** /logs: pages of LOGS_PAGE_LIMIT, keyset-paginated by the id of the last row (`before`). */
export const logsInfiniteQueryOptions = (filters: LogFilters) => {
  const clean = cleanFilters(filters);
  return infiniteQueryOptions({
    queryKey: logKeys.list(clean),
    queryFn: ({ signal, pageParam }) => fetchLogs({ ...clean, limit: LOGS_PAGE_LIMIT, before: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.length >= LOGS_PAGE_LIMIT ? last[last.length - 1]?.id : undefined),
  });
};

/** GET /api/logs/counts: how many logs the filters match, in all and per flag status. */
export const logCountsQueryOptions = (filters: LogFilters) => {
  const clean = cleanFilters(filters);
  return queryOptions({
    queryKey: logKeys.counts(clean),
    queryFn: ({ signal }) => api<LogCounts>("/api/logs/counts", { query: clean, signal }),
  });
};

/** /flags: warning and critical logs, split client-side. */
export const flaggedLogsQueryOptions = () =>
  queryOptions({
    queryKey: logKeys.flagged(),
    queryFn: ({ signal }) => fetchLogs({ flagStatus: "warning,critical", limit: RED_FLAGS_LIMIT }, signal),
  });

export const logQueryOptions = (id: string) =>
  queryOptions({
    queryKey: logKeys.detail(id),
    queryFn: ({ signal }) => api<PromptLog>(`/api/logs/${encodeURIComponent(id)}`, { signal }),
  });

/** Download link of GET /api/logs/export for the current filters. */
export function exportUrl(format: "csv" | "jsonl", filters: LogFilters): string {
  return withQuery("/api/logs/export", { format, ...cleanFilters(filters) });
}

/** GET /api/logs/fingerprints/:fingerprint: in how many logs a redacted value appeared, since when. */
export const fingerprintQueryOptions = (fingerprint: string) =>
  queryOptions({
    queryKey: logKeys.fingerprint(fingerprint),
    queryFn: ({ signal }) => api<FingerprintSummary>(`/api/logs/fingerprints/${encodeURIComponent(fingerprint)}`, { signal }),
  });
