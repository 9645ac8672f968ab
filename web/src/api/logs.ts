import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { FEED_SIZE } from "@promptsentry/schema/constants/screens";
import { LOGS_PAGE_LIMIT, RED_FLAGS_LIMIT } from "@promptsentry/schema/constants/logs";
import { TEST_PROMPT_SOURCE } from "@promptsentry/schema/constants/models";
import { TIME_RANGES, type TimeRange } from "@promptsentry/schema/constants/time";
import { api, withQuery } from "./client";
import type { FingerprintSummary, LogCounts, ModelSeen, PromptLog } from "./types";

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
  /** Exact model names (comma list), from GET /api/logs/models. */
  models?: string;
  sessionId?: string;
  source?: string;
  /** A flag reason code. */
  reason?: string;
  /** true: logs with an operator's verdict; false: without. */
  reviewed?: boolean;
  /** A preset window ending now (recomputed at each fetch); `from`/`to` are a custom range. */
  range?: TimeRange;
  sort?: "time" | "latency" | "tokens" | "cost";
  order?: "asc" | "desc";
};

/** What the server gets: a preset range becomes `from` at the moment of the request. */
export function apiFilters(filters: LogFilters, now = Date.now()): Omit<LogFilters, "range"> {
  const { range, ...rest } = cleanFilters(filters);
  const preset = range ? TIME_RANGES.find((t) => t.value === range) : undefined;
  return preset ? { ...rest, from: new Date(now - preset.ms).toISOString(), to: undefined } : rest;
}

export const logKeys = {
  all: ["logs"] as const,
  feed: () => ["logs", "feed"] as const,
  list: (filters: LogFilters) => ["logs", "list", filters] as const,
  flagged: () => ["logs", "flagged"] as const,
  counts: (filters: LogFilters) => ["logs", "counts", filters] as const,
  detail: (id: string) => ["logs", "detail", id] as const,
  models: () => ["logs", "models"] as const,
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

export const fetchLogs = (query: Omit<LogFilters, "range"> & { limit: number; before?: string }, signal?: AbortSignal) =>
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
    queryFn: ({ signal, pageParam }) => fetchLogs({ ...apiFilters(clean), limit: LOGS_PAGE_LIMIT, before: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.length >= LOGS_PAGE_LIMIT ? last[last.length - 1]?.id : undefined),
  });
};

/** GET /api/logs/counts: how many logs the filters match, in all and per flag status. */
export const logCountsQueryOptions = (filters: LogFilters) => {
  const clean = cleanFilters(filters);
  return queryOptions({
    queryKey: logKeys.counts(clean),
    queryFn: ({ signal }) => {
      const { sort: _sort, order: _order, ...filters } = apiFilters(clean);
      return api<LogCounts>("/api/logs/counts", { query: filters, signal });
    },
  });
};

/** /flags: warning and critical logs (or the flag chosen), pages of RED_FLAGS_LIMIT, split client-side. */
export const flaggedLogsQueryOptions = (filters: LogFilters = {}) => {
  const clean = cleanFilters({ ...filters, flagStatus: filters.flagStatus ?? "warning,critical" });
  return infiniteQueryOptions({
    queryKey: [...logKeys.flagged(), clean] as const,
    queryFn: ({ signal, pageParam }) => fetchLogs({ ...apiFilters(clean), limit: RED_FLAGS_LIMIT, before: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.length >= RED_FLAGS_LIMIT ? last[last.length - 1]?.id : undefined),
  });
};

/** GET /api/logs/models: the models the organization's logs name (the model filter's options). */
export const modelsSeenQueryOptions = () =>
  queryOptions({
    queryKey: logKeys.models(),
    queryFn: ({ signal }) => api<ModelSeen[]>("/api/logs/models", { signal }),
  });

export const logQueryOptions = (id: string) =>
  queryOptions({
    queryKey: logKeys.detail(id),
    queryFn: ({ signal }) => api<PromptLog>(`/api/logs/${encodeURIComponent(id)}`, { signal }),
  });

/** Download link of GET /api/logs/export for the current filters. */
export function exportUrl(format: "csv" | "jsonl", filters: LogFilters): string {
  return withQuery("/api/logs/export", { format, ...apiFilters(filters) });
}

/** GET /api/logs/fingerprints/:fingerprint: in how many logs a redacted value appeared, since when. */
export const fingerprintQueryOptions = (fingerprint: string) =>
  queryOptions({
    queryKey: logKeys.fingerprint(fingerprint),
    queryFn: ({ signal }) => api<FingerprintSummary>(`/api/logs/fingerprints/${encodeURIComponent(fingerprint)}`, { signal }),
  });
