import { queryOptions } from "@tanstack/react-query";
import type { Permission } from "../../../schema/constants";
import { api } from "./client";

/** An API key as listed: the key itself is never readable after creation. */
export type ApiKeyInfo = {
  id: string;
  name: string;
  keyPrefix: string;
  permissions: string[];
  memberId: string | null;
  expiresAt: string | null;
  expired: boolean;
  createdAt: string;
  lastUsed: string | null;
};

export type ApiKeyInput = { name: string; permissions: Permission[]; expiresAt?: string };

export const apiKeyKeys = { all: ["api-keys"] as const };

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: apiKeyKeys.all,
    queryFn: ({ signal }) => api<ApiKeyInfo[]>("/api/api-keys", { signal }),
  });

/** POST /api/api-keys → the key with its full value (`keyValue`), answered once. */
export const createApiKey = (input: ApiKeyInput) =>
  api<ApiKeyInfo & { keyValue: string }>("/api/api-keys", { method: "POST", body: input });

/** DELETE /api/api-keys/{id} → 204; 409 for the key the session is signed in with. */
export const deleteApiKey = (id: string) => api<null>(`/api/api-keys/${encodeURIComponent(id)}`, { method: "DELETE" });
