import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { DEFAULT_FLAG_RULES } from "@promptsentry/schema/constants/flags";
import { organizations, orgSettings, type OrgSettings } from "@promptsentry/schema/tables/organizations";
import type { Db } from "../env";

/** A stored row with rules added since it was written switched on (their default). */
export const withRuleDefaults = (row: OrgSettings): OrgSettings => ({ ...row, flagRules: { ...DEFAULT_FLAG_RULES, ...row.flagRules } });

/** The organization's settings row; every organization gets one at registration. */
export async function getSettings(db: Db, orgId: string): Promise<OrgSettings> {
  const [row] = await db.select().from(orgSettings).where(eq(orgSettings.orgId, orgId)).limit(1);
  if (row) return withRuleDefaults(row);
  const [created] = await db
    .insert(orgSettings)
    .values({ orgId, flagRules: { ...DEFAULT_FLAG_RULES } })
    .onConflictDoNothing()
    .returning();
  return created ?? (await getSettings(db, orgId));
}

/** Stores a settings patch, the organization's new name when one is given and the change's audit record, in one transaction. */
export async function updateSettings(
  db: Db,
  orgId: string,
  patch: Partial<typeof orgSettings.$inferInsert>,
  organizationName?: string,
  record?: BatchItem<"sqlite">,
): Promise<void> {
  await db.batch([
    db.update(orgSettings).set(patch).where(eq(orgSettings.orgId, orgId)),
    ...(organizationName ? [db.update(organizations).set({ name: organizationName }).where(eq(organizations.id, orgId))] : []),
    ...(record ? [record] : []),
  ]);
}
