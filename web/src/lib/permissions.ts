import { useQuery } from "@tanstack/react-query";
import { organizationQueryOptions } from "../api/organization";

/** Permissions of the signed-in key (GET /api/organization). `admin` implies everything. */
export function usePermissions() {
  const org = useQuery(organizationQueryOptions());
  const permissions: readonly string[] = org.data?.permissions ?? [];
  const isAdmin = permissions.includes("admin");
  return { organization: org.data ?? null, isAdmin, can: (p: string) => isAdmin || permissions.includes(p) };
}
