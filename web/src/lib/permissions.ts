import { useQuery } from "@tanstack/react-query";
import type { Permission } from "@promptsentry/schema/constants/access";
import { hasPermission } from "@promptsentry/schema/permissions";
import { organizationQueryOptions } from "../api/organization";

/** Permissions of the signed-in key (GET /api/organization), by the worker's rule (schema/permissions.ts). */
export function usePermissions() {
  const org = useQuery(organizationQueryOptions());
  const permissions = org.data?.permissions ?? [];
  return {
    organization: org.data ?? null,
    isAdmin: hasPermission(permissions, "admin"),
    can: (p: Permission) => hasPermission(permissions, p),
  };
}
