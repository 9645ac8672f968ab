import { queryOptions } from "@tanstack/react-query";
import type { Permission } from "@promptsentry/schema/constants/access";
import { api } from "./client";
import type { ApiKeyInfo, CreatedApiKey } from "./types";

export type { ApiKeyInfo };

export type ApiKeyInput = { name: string; permissions: Permission[]; expiresAt?: string };

export const apiKeyKeys = { all: ["api-keys"] as const };

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: apiKeyKeys.all,
    queryFn: ({ signal }) => api<ApiKeyInfo[]>("/api/api-keys", { signal }),
  });

/** POST /api/api-keys → the key with its full value (`keyValue`), answered once. */
export const createApiKey = (input: ApiKeyInput) => api<CreatedApiKey>("/api/api-keys", { method: "POST", body: input });

/** DELETE /api/api-keys/{id} → 204; 409 for the key the session is signed in with. */
export const deleteApiKey = (id: string) => api<null>(`/api/api-keys/${encodeURIComponent(id)}`, { method: "DELETE" });
