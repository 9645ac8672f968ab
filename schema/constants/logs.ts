// Reading logs: pages, filters, sorts and counts of the logs lists (docs/api.md, docs/web.md#screens).

/** Flag filter of the logs screens (docs/web.md#screens). */
export const FLAG_FILTER_OPTIONS = [
  { value: "all", label: "All Flags" },
  { value: "safe", label: "Safe" },
  { value: "warning", label: "Warning" },
  { value: "critical", label: "Critical" },
] as const;
/** Model filter of the logs screens (docs/web.md#screens): label → model family prefix matched server-side. */
export const MODEL_FILTER_OPTIONS = [
  { value: "all", label: "All Models" },
  { value: "gpt-4", label: "GPT-4" },
  { value: "gpt-3.5", label: "GPT-3.5" },
  { value: "claude", label: "Claude" },
] as const;
export const LOGS_PAGE_LIMIT = 50;
export const LOGS_MAX_LIMIT = 200;
export const RED_FLAGS_LIMIT = 100;
/** The longest search the logs list takes (the screens say so before sending a longer one). */
export const SEARCH_MAX_CHARS = 500;
/** How the logs list can be ordered (the Prompt Logs table): newest first by default. */
export const LOG_SORTS = ["time", "latency", "tokens", "cost"] as const;
export type LogSort = (typeof LOG_SORTS)[number];
export const SORT_ORDERS = ["desc", "asc"] as const;
/** A session view lists at most this many of its logs, oldest first; the totals count them all. */
export const SESSION_LOG_LIMIT = 500;
/** Response header of paginated lists: how many rows match the filter across all pages. */
export const TOTAL_COUNT_HEADER = "X-Total-Count";
/** A filtered or searched `GET /api/logs/counts` counts at most this many logs, then answers `capped`. */
export const LOG_COUNT_CAP = 10_000;
/** The Prompt Logs screen's blocked filter (GET /api/logs?blocked=). */
export const BLOCKED_FILTER_OPTIONS = [
  { value: "all", label: "All Logs" },
  { value: "true", label: "Blocked" },
  { value: "false", label: "Not Blocked" },
] as const;
