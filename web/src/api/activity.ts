// Sessions, users and top spenders (docs/api.md#sessions-and-users).
import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import type { SessionView, Spender, UserView } from "./types";

export const activityKeys = {
  session: (id: string) => ["sessions", id] as const,
  user: (id: string, days: number) => ["users", id, days] as const,
  top: (by: "users" | "sessions", days: number, limit: number) => ["analytics", "top", by, days, limit] as const,
};

export const sessionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: activityKeys.session(id),
    queryFn: ({ signal }) => api<SessionView>(`/api/sessions/${encodeURIComponent(id)}`, { signal }),
  });

export const userQueryOptions = (id: string, days: number) =>
  queryOptions({
    queryKey: activityKeys.user(id, days),
    queryFn: ({ signal }) => api<UserView>(`/api/users/${encodeURIComponent(id)}`, { query: { days }, signal }),
  });

/** The users or sessions that cost the most over the last `days` days. */
export const topSpendersQueryOptions = (by: "users" | "sessions", days: number, limit: number) =>
  queryOptions({
    queryKey: activityKeys.top(by, days, limit),
    queryFn: ({ signal }) => api<Spender[]>(`/api/analytics/${by}`, { query: { days, limit }, signal }),
  });
