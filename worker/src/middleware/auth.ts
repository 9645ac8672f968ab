// The Hono side of authentication (docs/auth-and-tenancy.md): the principal is resolved before every
// handler and a route's permission checked; how credentials are read and judged lives in auth/.
import { createMiddleware } from "hono/factory";
import type { Permission } from "@promptsentry/schema/constants/access";
import { hasPermission } from "@promptsentry/schema/permissions";
import { finishCredentials, requirePrincipal, resolvePrincipal } from "../auth/request";
import type { AppEnv } from "../env";
import { forbidden } from "../errors";

export { loadPrincipal } from "../auth/principal";
export { orgOf, requirePrincipal } from "../auth/request";

/** Resolves `c.var.principal` for every request; settles what the handler left and renews the session after it. */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  await resolvePrincipal(c);
  await next();
  await finishCredentials(c);
});

/** Route guard: 401 without credentials, 403 without the permission. */
export const requirePermission = (permission: Permission) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const principal = requirePrincipal(c);
    if (!hasPermission(principal.permissions, permission)) throw forbidden(permission);
    await next();
  });
