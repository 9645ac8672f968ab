// Authentication and permissions (docs/auth-and-tenancy.md). Credentials are read in order: Bearer header, `apiKey`
// query parameter (the spec's dashboard calls), session cookie. The principal is resolved once.
import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import { ROLE_PERMISSIONS, type Permission, type Role } from "../../../schema/constants";
import { apiKeys, organizations, teamMembers } from "../../../schema/tables";
import type { AppEnv, Db, Principal } from "../env";
import { forbidden, unauthorized } from "../errors";
import { hashApiKey } from "../lib/keys";
import { readSession, renewSession } from "../lib/session";

/** lastUsed is written at most this often per key, so reads don't each cost a write. */
const LAST_USED_RESOLUTION_MS = 60_000;

type KeyLookup = { by: "hash"; value: string } | { by: "id"; value: string };

export async function loadPrincipal(db: Db, lookup: KeyLookup, via: Principal["via"]) {
  const rows = await db
    .select({
      id: apiKeys.id,
      orgId: apiKeys.orgId,
      memberId: apiKeys.memberId,
      permissions: apiKeys.permissions,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      role: teamMembers.role,
      plan: organizations.plan,
    })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.orgId))
    .leftJoin(teamMembers, eq(teamMembers.id, apiKeys.memberId))
    .where(lookup.by === "hash" ? eq(apiKeys.keyHash, lookup.value) : eq(apiKeys.id, lookup.value))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return null;
  const permissions = row.memberId && row.role ? ROLE_PERMISSIONS[row.role as Role] : row.permissions;
  const principal: Principal = {
    orgId: row.orgId,
    keyId: row.id,
    memberId: row.memberId,
    plan: row.plan,
    permissions: new Set(permissions),
    via,
  };
  return { principal, lastUsedAt: row.lastUsedAt };
}

function presentedKey(c: Context<AppEnv>): { key: string; via: "bearer" | "query" } | null {
  const header = c.req.header("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? { key: match[1], via: "bearer" } : { key: "", via: "bearer" };
  }
  const query = c.req.query("apiKey");
  return query ? { key: query, via: "query" } : null;
}

/**
 * Resolves `c.var.principal` (null when no valid credentials). A presented but unknown, expired or
 * malformed key never falls back to the cookie (that would hide a broken SDK); guards report why.
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const db = c.var.db;
  const presented = presentedKey(c);
  let resolved: Awaited<ReturnType<typeof loadPrincipal>> = null;
  if (presented) {
    resolved = presented.key
      ? await loadPrincipal(db, { by: "hash", value: await hashApiKey(presented.key) }, presented.via)
      : null;
    if (!resolved) c.set("authError", presented.key ? "Invalid or expired API key" : "Malformed Authorization header");
  } else {
    const session = await readSession(c);
    if (session) resolved = await loadPrincipal(db, { by: "id", value: session.keyId }, "cookie");
    if (resolved) c.set("session", session);
  }
  c.set("principal", resolved?.principal ?? null);
  if (resolved && (!resolved.lastUsedAt || Date.now() - resolved.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS)) {
    const touch = db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, resolved.principal.keyId));
    c.executionCtx.waitUntil(touch.then(() => undefined, (e) => console.error("lastUsed update failed", e)));
  }
  await next();
  // After the handler: sign-out and rotation clear c.var.session, so they are never undone here.
  const session = c.var.session;
  if (session) await renewSession(c, session);
});

export function hasPermission(principal: Principal, permission: Permission): boolean {
  return principal.permissions.has("admin") || principal.permissions.has(permission);
}

/** The caller, or 401. */
export function requirePrincipal(c: Context<AppEnv>): Principal {
  const principal = c.var.principal;
  if (!principal) throw unauthorized(c.var.authError);
  return principal;
}

/** Route guard: 401 without credentials, 403 without the permission. */
export const requirePermission = (permission: Permission) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const principal = requirePrincipal(c);
    if (!hasPermission(principal, permission)) throw forbidden(permission);
    await next();
  });

/** The organization id of the caller, for handlers behind requirePermission. */
export const orgOf = (c: Context<AppEnv>) => requirePrincipal(c).orgId;
