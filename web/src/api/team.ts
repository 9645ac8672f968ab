import { queryOptions } from "@tanstack/react-query";
import type { Role } from "@promptsentry/schema/constants/access";
import { api } from "./client";
import type { InviteResult, TeamMember } from "./types";

export type { TeamMember };

export type InviteInput = { name: string; email: string; role: Role };

export const teamKeys = { all: ["team"] as const };

export const teamQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.all,
    queryFn: ({ signal }) => api<TeamMember[]>("/api/team", { signal }),
  });

/** POST /api/team/invite → the member and their one-time API key. */
export const inviteMember = (input: InviteInput) => api<InviteResult>("/api/team/invite", { method: "POST", body: input });

export const changeRole = (id: string, role: Role) =>
  api<TeamMember>(`/api/team/${encodeURIComponent(id)}`, { method: "PATCH", body: { role } });

export const removeMember = (id: string) => api<null>(`/api/team/${encodeURIComponent(id)}`, { method: "DELETE" });
