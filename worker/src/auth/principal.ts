// Who a key is (docs/auth-and-tenancy.md): the key's row with its member's role and its organization's
// plan and shard, read by hash (a presented key), by id (a session's key) or by both (the re-read of a
// key let in from this isolate's cache), and what that row says: the principal, or why it is refused.
import { and, eq } from "drizzle-orm";
import { ROLE_PERMISSIONS, type Permission, type Role } from "@promptsentry/schema/constants/access";
import { hasPermission } from "@promptsentry/schema/permissions";
import { apiKeys } from "@promptsentry/schema/tables/access";
import { organizations, teamMembers } from "@promptsentry/schema/tables/organizations";
import type { Db, Principal } from "../env";
import { forbidden, unauthorized } from "../errors";

export type KeyLookup = { by: "hash"; value: string } | { by: "id"; value: string } | { by: "check"; id: string; hash: string };

/** The key's row with its member's role and its organization's plan: one indexed read. */
export function principalQuery(db: Db, lookup: KeyLookup) {
  const where =
    lookup.by === "hash"
      ? eq(apiKeys.keyHash, lookup.value)
      : lookup.by === "id"
        ? eq(apiKeys.id, lookup.value)
        : and(eq(apiKeys.id, lookup.id), eq(apiKeys.keyHash, lookup.hash));
  return db
    .select({
      id: apiKeys.id,
      orgId: apiKeys.orgId,
      memberId: apiKeys.memberId,
      permissions: apiKeys.permissions,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      role: teamMembers.role,
      plan: organizations.plan,
      shard: organizations.shard,
    })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.orgId))
    .leftJoin(teamMembers, eq(teamMembers.id, apiKeys.memberId))
    .where(where)
    .limit(1);
}

export type PrincipalRow = Awaited<ReturnType<typeof principalQuery>>[number];

export function resolveRow(row: PrincipalRow | undefined, via: Principal["via"], nowMs = Date.now()) {
  if (!row) return null;
  if (row.expiresAt && row.expiresAt.getTime() <= nowMs) return null;
  const permissions = row.memberId && row.role ? ROLE_PERMISSIONS[row.role as Role] : row.permissions;
  const principal: Principal = {
    orgId: row.orgId,
    keyId: row.id,
    memberId: row.memberId,
    plan: row.plan,
    shard: row.shard,
    permissions: new Set(permissions),
    via,
  };
  return { principal, lastUsedAt: row.lastUsedAt, expiresAt: row.expiresAt };
}

export async function loadPrincipal(db: Db, lookup: KeyLookup, via: Principal["via"]) {
  return resolveRow((await principalQuery(db, lookup))[0], via);
}

/**
 * What the re-read row of a cached key says at `nowMs`: the fresh resolution (null when the key was
 * deleted, rotated, expired or its member removed) and the refusal, if any (401, or 403 without
 * `permission`). The group commit decides with it before writing; the request applies the same rows.
 */
export function checkedCredential(rows: PrincipalRow[], via: Principal["via"], permission: Permission, nowMs = Date.now()) {
  const fresh = resolveRow(rows[0], via, nowMs);
  if (!fresh) return { fresh, refusal: unauthorized("Invalid or expired API key") };
  return { fresh, refusal: hasPermission(fresh.principal.permissions, permission) ? null : forbidden(permission) };
}
