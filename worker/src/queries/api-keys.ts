// API keys of one organization: the list (never the secret), lookups by id and rotation.
import { desc, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Role } from "@promptsentry/schema/constants/access";
import { apiKeys, type ApiKey } from "@promptsentry/schema/tables/access";
import { teamMembers } from "@promptsentry/schema/tables/organizations";
import type { Db } from "../env";
import { revokeKeySessions } from "../auth/session";
import { prepareKey } from "./accounts";
import type { Recorder } from "./audit";
import { deleteOwnedOr404, findOwnedOr404 } from "./owned";

/** Newest first, each with its member's role (null for a key of no member). */
export const listKeys = (db: Db, orgId: string): Promise<{ key: ApiKey; role: Role | null }[]> =>
  db
    .select({ key: apiKeys, role: teamMembers.role })
    .from(apiKeys)
    .leftJoin(teamMembers, eq(teamMembers.id, apiKeys.memberId))
    .where(eq(apiKeys.orgId, orgId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));

/** What the audit log keeps of a key: never its secret or hash (the prefix is what the screens show). */
export const auditedKey = (key: Pick<ApiKey, "name" | "permissions" | "expiresAt" | "keyPrefix" | "memberId">) => ({
  name: key.name,
  permissions: key.permissions,
  expiresAt: key.expiresAt?.toISOString() ?? null,
  keyPrefix: key.keyPrefix,
  memberId: key.memberId,
});

/** Stores a new key with its audit record; answers its row and the plain key, shown once and never stored. */
export async function createKey(db: Db, input: Parameters<typeof prepareKey>[1], audit: Recorder): Promise<{ row: ApiKey; key: string }> {
  const { insert, created } = await prepareKey(db, input);
  const after = auditedKey({
    ...input,
    memberId: input.memberId ?? null,
    expiresAt: input.expiresAt ?? null,
    keyPrefix: created.keyPrefix,
  });
  await db.batch([insert, audit({ action: "api_key.create", entityType: "api_key", entityId: created.id, before: null, after })]);
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
  return { row, key: created.key };
}

/** The key `id`, already known to belong to the caller (their own, or one just created). */
export async function keyById(db: Db, id: string): Promise<ApiKey | null> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
  return row ?? null;
}

/** Revokes (deletes) the organization's key `id` with its audit record; 404 when it has none. */
export async function deleteKey(db: Db, orgId: string, id: string, audit: Recorder): Promise<void> {
  const key = await findOwnedOr404(db, apiKeys, orgId, id, "API key");
  const record = audit(
    { action: "api_key.revoke", entityType: "api_key", entityId: id, before: auditedKey(key), after: null },
    { afterChange: true },
  );
  await deleteOwnedOr404(db, apiKeys, orgId, id, "API key", record);
}

/**
 * Gives key `keyId` a new secret and ends every session made from the old one, with the rotation's
 * audit record, in one transaction; `alsoRun` (a fresh session for the caller) joins the same batch.
 */
export async function replaceKeySecret(
  db: Db,
  key: Pick<ApiKey, "id" | "keyPrefix">,
  secret: { keyHash: string; keyPrefix: string },
  at: Date,
  audit: Recorder,
  alsoRun: BatchItem<"sqlite">[] = [],
) {
  const change = { before: { keyPrefix: key.keyPrefix }, after: { keyPrefix: secret.keyPrefix } };
  await db.batch([
    db.update(apiKeys).set(secret).where(eq(apiKeys.id, key.id)),
    audit({ action: "api_key.rotate", entityType: "api_key", entityId: key.id, ...change }, { afterChange: true }),
    revokeKeySessions(db, [key.id], at),
    ...alsoRun,
  ]);
}
