// API keys of one organization: the list (never the secret), lookups by id and rotation.
import { desc, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Role } from "../../../schema/constants";
import { apiKeys, teamMembers, type ApiKey } from "../../../schema/tables";
import type { Db } from "../env";
import { revokeKeySessions } from "../lib/session";
import { prepareKey } from "./accounts";
import { deleteOwnedOr404 } from "./owned";

/** Newest first, each with its member's role (null for a key of no member). */
export const listKeys = (db: Db, orgId: string): Promise<{ key: ApiKey; role: Role | null }[]> =>
  db
    .select({ key: apiKeys, role: teamMembers.role })
    .from(apiKeys)
    .leftJoin(teamMembers, eq(teamMembers.id, apiKeys.memberId))
    .where(eq(apiKeys.orgId, orgId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));

/** Stores a new key; answers its row and the plain key, shown once and never stored. */
export async function createKey(db: Db, input: Parameters<typeof prepareKey>[1]): Promise<{ row: ApiKey; key: string }> {
  const { insert, created } = await prepareKey(db, input);
  await insert;
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
  return { row, key: created.key };
}

/** The key `id`, already known to belong to the caller (their own, or one just created). */
export async function keyById(db: Db, id: string): Promise<ApiKey | null> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
  return row ?? null;
}

export const deleteKey = (db: Db, orgId: string, id: string) => deleteOwnedOr404(db, apiKeys, orgId, id, "API key");

/**
 * Gives key `keyId` a new secret and ends every session made from the old one, in one transaction;
 * `alsoRun` (a fresh session for the caller) joins the same batch.
 */
export async function replaceKeySecret(
  db: Db,
  keyId: string,
  secret: { keyHash: string; keyPrefix: string },
  at: Date,
  alsoRun: BatchItem<"sqlite">[] = [],
) {
  await db.batch([db.update(apiKeys).set(secret).where(eq(apiKeys.id, keyId)), revokeKeySessions(db, [keyId], at), ...alsoRun]);
}
