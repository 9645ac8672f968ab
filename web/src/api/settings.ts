import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import type { Settings } from "./types";

export const settingsKey = ["settings"] as const;

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api<Settings>("/api/settings", { signal }),
  });

/** PUT /api/settings (partial) → the full settings. */
export const updateSettings = (patch: Partial<Omit<Settings, "apiKeyPrefix">>) =>
  api<Settings>("/api/settings", { method: "PUT", body: patch });
