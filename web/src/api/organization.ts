import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import type { Organization, RegisterResult, SessionResult } from "./types";

export const organizationKey = ["organization"] as const;

/** GET /api/organization → the organization, or null (→ landing page). No retry (docs/api.md#calls). */
export const organizationQueryOptions = () =>
  queryOptions({
    queryKey: organizationKey,
    queryFn: ({ signal }) => api<Organization | null>("/api/organization", { signal }),
    retry: false,
  });

export type RegisterInput = { name: string; email: string };

/** POST /api/register → organization and the one-time API key; sets the session cookie. */
export const register = (input: RegisterInput) => api<RegisterResult>("/api/register", { method: "POST", body: input });

/** POST /api/session {apiKey} → signs in with an existing key (sets the session cookie). */
export const signIn = (apiKey: string) => api<SessionResult>("/api/session", { method: "POST", body: { apiKey } });

/** DELETE /api/session → clears the session cookie. */
export const signOut = () => api<null>("/api/session", { method: "DELETE" });
