// Webhooks CRUD, active patch, delivery history and test sends (docs/api.md, docs/delivery.md). Admin
// only: the list carries signing secrets.
import { and, desc, eq, inArray, max } from "drizzle-orm";
import { Hono } from "hono";
import { webhookDeliveries, webhooks, type WebhookDeliveryRow } from "../../../schema/tables";
import { webhookDeliverySchema, webhookSchema, webhookTestSchema, type WebhookTest } from "../../../schema/responses";
import { idParam, webhookBody, webhookPatch } from "../../../schema/validation";
import type { AppEnv, Db } from "../env";
import { testMessage } from "../delivery/emit";
import { ApiError, notFound } from "../errors";
import { newId } from "../lib/ids";
import { generateWebhookSecret } from "../lib/keys";
import { assertDeliverable } from "../lib/url-policy";
import { orgOf } from "../middleware/auth";
import { guard, json, list, noContent } from "../middleware/guard";
import { serializeDelivery, serializeWebhook } from "../serialize";
import { jsonBody, validate } from "../validate";

const DELIVERIES_SHOWN = 50;

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

async function findWebhook(db: Db, orgId: string, id: string) {
  const [row] = await db.select().from(webhooks).where(and(eq(webhooks.orgId, orgId), eq(webhooks.id, id))).limit(1);
  if (!row) throw notFound("Webhook");
  return row;
}

export const webhookRoutes = new Hono<AppEnv>()
  .get(
    "/",
    ...guard("admin", { summary: "Webhooks with their last delivery", tag: "Webhooks", answers: list(webhookSchema) }),
    async (c) => {
      const rows = await c.var.db.select().from(webhooks).where(eq(webhooks.orgId, orgOf(c))).orderBy(desc(webhooks.createdAt), desc(webhooks.id));
      const last = await latestDeliveries(c.var.db, rows.map((r) => r.id));
      return c.json(rows.map((r) => serializeWebhook(r, last.get(r.id) ?? null)));
    },
  )
  .post(
    "/",
    ...guard("admin", { summary: "Create a webhook (answers its signing secret)", tag: "Webhooks", answers: json(webhookSchema, 201) }),
    ...jsonBody(webhookBody),
    async (c) => {
      const input = c.req.valid("json");
      assertDeliverable(input.url, c.env);
      const [row] = await c.var.db
        .insert(webhooks)
        .values({ id: newId(), orgId: orgOf(c), ...input, secret: generateWebhookSecret(), createdAt: new Date() })
        .returning();
      return c.json(serializeWebhook(row), 201);
    },
  )
  .patch(
    "/:id",
    ...guard("admin", {
      summary: "Change a webhook or switch it on or off",
      tag: "Webhooks",
      answers: json(webhookSchema),
      errors: { 404: "`not_found`: no such webhook in the organization" },
    }),
    validate("param", idParam),
    ...jsonBody(webhookPatch),
    async (c) => {
      const orgId = orgOf(c);
      const { id } = c.req.valid("param");
      const patch = c.req.valid("json");
      if (patch.url) assertDeliverable(patch.url, c.env);
      await findWebhook(c.var.db, orgId, id);
      const [row] = await c.var.db
        .update(webhooks)
        // Re-enabling a webhook that a 410 disabled clears the reason.
        .set({ ...patch, ...(patch.active ? { disabledReason: null } : {}) })
        .where(and(eq(webhooks.orgId, orgId), eq(webhooks.id, id)))
        .returning();
      return c.json(serializeWebhook(row));
    },
  )
  .delete(
    "/:id",
    ...guard("admin", {
      summary: "Delete a webhook",
      tag: "Webhooks",
      answers: noContent(),
      errors: { 404: "`not_found`: no such webhook in the organization" },
    }),
    validate("param", idParam),
    async (c) => {
      const orgId = orgOf(c);
      const { id } = c.req.valid("param");
      const deleted = await c.var.db.delete(webhooks).where(and(eq(webhooks.orgId, orgId), eq(webhooks.id, id))).returning({ id: webhooks.id });
      if (!deleted.length) throw notFound("Webhook");
      return c.body(null, 204);
    },
  )
  // Queues a sample of the webhook's first subscribed event; the attempt shows up in its deliveries.
  .post(
    "/:id/test",
    ...guard("admin", {
      summary: "Send a signed test event",
      tag: "Webhooks",
      answers: json(webhookTestSchema, 202, "Queued; the attempt shows up in the deliveries"),
      errors: { 404: "`not_found`: no such webhook in the organization", 503: "`queue_unavailable`: the delivery queue is down; try again (see `Retry-After`)" },
    }),
    validate("param", idParam),
    async (c) => {
      const hook = await findWebhook(c.var.db, orgOf(c), c.req.valid("param").id);
      const message = testMessage(hook);
      await c.env.DELIVERY_QUEUE.send(message, { contentType: "json" }).catch((error: unknown) => {
        console.error("test delivery enqueue failed", String(error));
        throw new ApiError(503, "queue_unavailable", "The delivery queue is unavailable; try the test again shortly", undefined, { "Retry-After": "30" });
      });
      return c.json({ messageId: message.messageId, event: message.event } satisfies WebhookTest, 202);
    },
  )
  .get(
    "/:id/deliveries",
    ...guard("admin", {
      summary: "Recent deliveries and their attempts",
      tag: "Webhooks",
      answers: list(webhookDeliverySchema),
      errors: { 404: "`not_found`: no such webhook in the organization" },
    }),
    validate("param", idParam),
    async (c) => {
      const orgId = orgOf(c);
      const { id } = c.req.valid("param");
      await findWebhook(c.var.db, orgId, id);
      const rows = await c.var.db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.orgId, orgId), eq(webhookDeliveries.webhookId, id)))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(DELIVERIES_SHOWN);
      return c.json(rows.map(serializeDelivery));
    },
  );
