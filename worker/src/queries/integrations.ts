// Integrations (Slack, Discord, e-mail, generic), always within one organization.
import { desc, eq } from "drizzle-orm";
import { integrations, type IntegrationRow } from "../../../schema/tables";
import type { IntegrationInput } from "../../../schema/validation";
import type { Db } from "../env";
import { newId } from "../lib/ids";
import { deleteOwnedOr404, findOwnedOr404, ownedBy } from "./owned";

export const listIntegrations = (db: Db, orgId: string): Promise<IntegrationRow[]> =>
  db.select().from(integrations).where(eq(integrations.orgId, orgId)).orderBy(desc(integrations.createdAt), desc(integrations.id));

export const findIntegration = (db: Db, orgId: string, id: string) => findOwnedOr404(db, integrations, orgId, id, "Integration");

export async function createIntegration(db: Db, orgId: string, input: IntegrationInput): Promise<IntegrationRow> {
  const [row] = await db
    .insert(integrations)
    .values({ id: newId(), orgId, name: input.name, type: input.type, config: input.config, createdAt: new Date() })
    .returning();
  return row;
}

export async function updateIntegration(
  db: Db,
  orgId: string,
  id: string,
  set: Pick<IntegrationRow, "name" | "active" | "config">,
): Promise<IntegrationRow> {
  const [row] = await db
    .update(integrations)
    .set(set)
    .where(ownedBy(integrations, orgId, id))
    .returning();
  return row;
}

export const deleteIntegration = (db: Db, orgId: string, id: string) => deleteOwnedOr404(db, integrations, orgId, id, "Integration");
