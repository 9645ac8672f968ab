// Webhooks and their delivery history, always within one organization.
import { and, desc, eq, inArray, max } from "drizzle-orm";
import type * as v from "valibot";
import { webhookDeliveries, webhooks, type WebhookDeliveryRow, type WebhookRow } from "@promptsentry/schema/tables/delivery";
import type { webhookBody, webhookPatch } from "@promptsentry/schema/requests/webhooks";
import type { Db, TenantDbs } from "../env";
import { newId } from "../lib/ids";
import { generateWebhookSecret } from "../auth/keys";
import { notFound } from "../errors";
import { AUDIT_SECRET } from "@promptsentry/schema/constants/audit";
import { changedFields, type Recorder } from "./audit";
import { deleteOwnedOr404, findOwnedOr404, ownedBy } from "./owned";

type WebhookInput = v.InferOutput<typeof webhookBody>;
type WebhookPatch = v.InferOutput<typeof webhookPatch>;

/** Each webhook's most recent delivery: ids are ULIDs, so the largest id per webhook is the latest. */
async function latestDeliveries(db: Db, webhookIds: string[]) {
  if (!webhookIds.length) return new Map<string, WebhookDeliveryRow>();
  const latestIds = db
    .select({ id: max(webhookDeliveries.id) })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.webhookId, webhookIds))
    .groupBy(webhookDeliveries.webhookId);
  const rows = await db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.id, latestIds));
  return new Map(rows.map((r) => [r.webhookId, r]));
}

/** Newest first, each with its latest delivery (or null): webhooks from the control database, deliveries from the shard. */
export async function listWebhooks(
  { db, data }: TenantDbs,
  orgId: string,
): Promise<{ hook: WebhookRow; last: WebhookDeliveryRow | null }[]> {
  const rows = await db.select().from(webhooks).where(eq(webhooks.orgId, orgId)).orderBy(desc(webhooks.createdAt), desc(webhooks.id));
  const last = await latestDeliveries(
    data,
    rows.map((r) => r.id),
  );
  return rows.map((hook) => ({ hook, last: last.get(hook.id) ?? null }));
}

export const findWebhook = (db: Db, orgId: string, id: string) => findOwnedOr404(db, webhooks, orgId, id, "Webhook");

/** What the audit log keeps of a webhook: its signing secret only as AUDIT_SECRET. */
const auditedWebhook = (w: Pick<WebhookRow, "name" | "url" | "events" | "active">) => ({
  name: w.name,
  url: w.url,
  events: w.events,
  active: w.active,
});

export async function createWebhook(db: Db, orgId: string, input: WebhookInput, audit: Recorder): Promise<WebhookRow> {
  const id = newId();
  const [[row]] = await db.batch([
    db
      .insert(webhooks)
      .values({ id, orgId, ...input, secret: generateWebhookSecret(), createdAt: new Date() })
      .returning(),
    audit({
      action: "webhook.create",
      entityType: "webhook",
      entityId: id,
      before: null,
      after: { ...auditedWebhook({ ...input, active: true }), secret: AUDIT_SECRET },
    }),
  ]);
  return row;
}

export async function updateWebhook(db: Db, orgId: string, id: string, patch: WebhookPatch, audit: Recorder): Promise<WebhookRow> {
  const existing = await findWebhook(db, orgId, id);
  const update = db
    .update(webhooks)
    // Re-enabling a webhook that a 410 disabled clears the reason.
    .set({ ...patch, ...(patch.active ? { disabledReason: null } : {}) })
    .where(ownedBy(webhooks, orgId, id))
    .returning();
  const change = changedFields(auditedWebhook(existing), auditedWebhook({ ...existing, ...patch }));
  const [row] = change
    ? (
        await db.batch([update, audit({ action: "webhook.update", entityType: "webhook", entityId: id, ...change }, { afterChange: true })])
      )[0]
    : await update;
  if (!row) throw notFound("Webhook");
  return row;
}

/** The webhook, then its deliveries in the shard (no foreign key crosses databases, 0011_tenant_shards.sql). */
export async function deleteWebhook({ db, data }: TenantDbs, orgId: string, id: string, audit: Recorder): Promise<void> {
  const existing = await findWebhook(db, orgId, id);
  const record = audit(
    { action: "webhook.delete", entityType: "webhook", entityId: id, before: auditedWebhook(existing), after: null },
    { afterChange: true },
  );
  await deleteOwnedOr404(db, webhooks, orgId, id, "Webhook", record);
  await data.delete(webhookDeliveries).where(and(eq(webhookDeliveries.orgId, orgId), eq(webhookDeliveries.webhookId, id)));
}

/** The webhook's most recent `limit` deliveries, newest first. */
export async function listDeliveries(
  { db, data }: TenantDbs,
  orgId: string,
  webhookId: string,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  await findWebhook(db, orgId, webhookId);
  return data
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.orgId, orgId), eq(webhookDeliveries.webhookId, webhookId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}
