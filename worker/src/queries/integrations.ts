// Integrations (Slack, Discord, e-mail, generic), always within one organization.
import { desc, eq } from "drizzle-orm";
import { integrations, type IntegrationConfig, type IntegrationRow } from "@promptsentry/schema/tables/delivery";
import type { IntegrationInput } from "@promptsentry/schema/requests/integrations";
import type { Db } from "../env";
import { newId } from "../lib/ids";
import { notFound } from "../errors";
import { isSecretConfigField } from "../serialize";
import { changedFields, maskSecrets, type Recorder } from "./audit";
import { deleteOwnedOr404, findOwnedOr404, ownedBy } from "./owned";

export const listIntegrations = (db: Db, orgId: string): Promise<IntegrationRow[]> =>
  db.select().from(integrations).where(eq(integrations.orgId, orgId)).orderBy(desc(integrations.createdAt), desc(integrations.id));

export const findIntegration = (db: Db, orgId: string, id: string) => findOwnedOr404(db, integrations, orgId, id, "Integration");

type Audited = Pick<IntegrationRow, "name" | "type" | "active" | "config">;

/** What the audit log keeps of an integration, and its secret fields (its api_key; a Slack or Discord webhook_url). */
const audited = (i: Audited) => ({ name: i.name, type: i.type, active: i.active, config: { ...i.config } });
const secretsOf = (type: IntegrationRow["type"], ...configs: IntegrationConfig[]) => [
  ...new Set(
    configs.flatMap((c) =>
      Object.keys(c)
        .filter((field) => isSecretConfigField(type, field))
        .map((field) => `config.${field}`),
    ),
  ),
];

export async function createIntegration(db: Db, orgId: string, input: IntegrationInput, audit: Recorder): Promise<IntegrationRow> {
  const id = newId();
  const after = maskSecrets(audited({ ...input, active: true }), secretsOf(input.type, input.config));
  const [[row]] = await db.batch([
    db
      .insert(integrations)
      .values({ id, orgId, name: input.name, type: input.type, config: input.config, createdAt: new Date() })
      .returning(),
    audit({ action: "integration.create", entityType: "integration", entityId: id, before: null, after }),
  ]);
  return row;
}

/** Stores `set` over `existing` (as read by the caller) with the change's audit record. */
export async function updateIntegration(
  db: Db,
  orgId: string,
  existing: IntegrationRow,
  set: Pick<IntegrationRow, "name" | "active" | "config">,
  audit: Recorder,
): Promise<IntegrationRow> {
  const update = db
    .update(integrations)
    .set(set)
    .where(ownedBy(integrations, orgId, existing.id))
    .returning();
  const change = changedFields(audited(existing), audited({ ...existing, ...set }), secretsOf(existing.type, existing.config, set.config));
  const [row] = change
    ? (
        await db.batch([
          update,
          audit({ action: "integration.update", entityType: "integration", entityId: existing.id, ...change }, { afterChange: true }),
        ])
      )[0]
    : await update;
  if (!row) throw notFound("Integration");
  return row;
}

export async function deleteIntegration(db: Db, orgId: string, id: string, audit: Recorder): Promise<void> {
  const existing = await findIntegration(db, orgId, id);
  const before = maskSecrets(audited(existing), secretsOf(existing.type, existing.config));
  const record = audit(
    { action: "integration.delete", entityType: "integration", entityId: id, before, after: null },
    { afterChange: true },
  );
  await deleteOwnedOr404(db, integrations, orgId, id, "Integration", record);
}
