// Creating organizations, members and keys: shared by registration, invites, key management and the demo seed.
import { and, eq } from "drizzle-orm";
import { DAY_MS } from "@promptsentry/schema/constants/time";
import { DEFAULT_FLAG_RULES } from "@promptsentry/schema/constants/flags";
import { ROLE_PERMISSIONS, type Permission } from "@promptsentry/schema/constants/access";
import { TRIAL_DAYS, type PlanId } from "@promptsentry/schema/constants/plans";
import { apiKeys } from "@promptsentry/schema/tables/access";
import { organizations, orgSettings, teamMembers } from "@promptsentry/schema/tables/organizations";
import type { Bindings, Db } from "../env";
import { pickShard, registerTenant, shardDb } from "../tenancy/shards";
import { newId } from "../lib/ids";
import { displayPrefix, generateApiKey, hashApiKey } from "../auth/keys";

export type NewKey = { id: string; key: string; keyPrefix: string };

/** Builds an api_keys insert; the plain key is returned to show once and is never stored. */
export async function prepareKey(
  db: Db,
  input: { orgId: string; name: string; permissions: Permission[]; memberId?: string | null; expiresAt?: Date | null },
) {
  const key = generateApiKey();
  const id = newId();
  const keyPrefix = displayPrefix(key);
  const insert = db.insert(apiKeys).values({
    id,
    orgId: input.orgId,
    memberId: input.memberId ?? null,
    name: input.name,
    keyHash: await hashApiKey(key),
    keyPrefix,
    permissions: input.permissions,
    expiresAt: input.expiresAt ?? null,
    createdAt: new Date(),
  });
  return { insert, created: { id, key, keyPrefix } satisfies NewKey };
}

function memberNameFromEmail(email: string): string {
  const local = email.split("@")[0] ?? email;
  const words = local.split(/[._-]+/).filter(Boolean);
  return words.length ? words.map((w) => w[0].toUpperCase() + w.slice(1)).join(" ") : email;
}

/**
 * One organization with its settings, its first admin member and that member's key, in one batch of
 * the control database, on the emptiest data shard (tenancy/shards.ts). The tenant's stub row goes into
 * that shard first, so its row in the control database never names a shard that cannot take its data.
 */
export async function createOrganization(env: Bindings, db: Db, input: { name: string; email: string; adminName?: string; plan?: PlanId }) {
  const now = new Date();
  const orgId = newId();
  const shard = await pickShard(db);
  await registerTenant(shardDb(env, shard), orgId, shard);
  const memberId = newId();
  const plan = input.plan ?? "trial";
  const { insert, created } = await prepareKey(db, {
    orgId,
    name: "Default key",
    permissions: [...ROLE_PERMISSIONS.admin],
    memberId,
  });
  const [[org]] = await db.batch([
    db
      .insert(organizations)
      .values({
        id: orgId,
        name: input.name,
        email: input.email,
        plan,
        trialEndsAt: plan === "trial" ? new Date(now.getTime() + TRIAL_DAYS * DAY_MS) : null,
        createdAt: now,
        shard,
      })
      .returning(),
    db.insert(orgSettings).values({ orgId, flagRules: { ...DEFAULT_FLAG_RULES } }),
    db.insert(teamMembers).values({
      id: memberId,
      orgId,
      name: input.adminName ?? memberNameFromEmail(input.email),
      email: input.email.toLowerCase(),
      role: "admin",
      createdAt: now,
    }),
    insert,
  ]);
  return { org, memberId, key: created };
}

export async function findMember(db: Db, orgId: string, memberId: string | null) {
  if (!memberId) return null;
  const rows = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.orgId, orgId), eq(teamMembers.id, memberId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The organization's name (the Danger Zone's confirmation, the Settings page). */
export async function organizationName(db: Db, orgId: string): Promise<string> {
  const [org] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, orgId));
  return org.name;
}

/** The key `keyId` with its organization and member, as the shell sees them. */
export async function keyWithOrganization(db: Db, keyId: string) {
  const [row] = await db
    .select({ org: organizations, keyPrefix: apiKeys.keyPrefix, memberId: apiKeys.memberId })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.orgId))
    .where(eq(apiKeys.id, keyId))
    .limit(1);
  return row ?? null;
}
