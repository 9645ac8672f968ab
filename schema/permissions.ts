// The one permission rule, shared by the worker (requirePermission) and the web (what a screen offers):
// `admin` implies every permission.
import type { Permission } from "./constants/access";

/** Whether `granted` (a key's permissions) allows `permission`. */
export function hasPermission(granted: Iterable<string>, permission: Permission): boolean {
  for (const p of granted) if (p === "admin" || p === permission) return true;
  return false;
}
