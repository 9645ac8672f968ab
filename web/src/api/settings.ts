import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import type { Deleted, RotatedKey, Settings } from "./types";

export const settingsKey = ["settings"] as const;

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api<Settings>("/api/settings", { signal }),
  });

/** PUT /api/settings (partial) → the full settings. */
export const updateSettings = (patch: Partial<Omit<Settings, "apiKeyPrefix">>) =>
  api<Settings>("/api/settings", { method: "PUT", body: patch });

/** POST /api/settings/rotate-key → a new secret for the signed-in key, shown once. */
export const rotateApiKey = () => api<RotatedKey>("/api/settings/rotate-key", { method: "POST" });

/** DELETE /api/data {confirm: organization name} → deletes logs, aggregates, alerts and deliveries. */
export const deleteAllData = (confirm: string) => api<Deleted>("/api/data", { method: "DELETE", body: { confirm } });
