// Webhooks CRUD, active patch, delivery history and test sends (docs/api.md, docs/delivery.md). Admin
// only: the list carries signing secrets.
import { Hono } from "hono";
import { webhookDeliverySchema, webhookSchema, webhookTestSchema, type WebhookTest } from "@promptsentry/schema/responses";
import { idParam } from "@promptsentry/schema/requests/fields";
import { webhookBody, webhookPatch } from "@promptsentry/schema/requests/webhooks";
import type { AppEnv } from "../env";
import { testMessage } from "../delivery/emit";
import { ApiError } from "../errors";
import { auditRecorder } from "../lib/audit";
import { assertDeliverable } from "../lib/url-policy";
import { orgOf } from "../middleware/auth";
import { guard, json, list, noContent } from "../middleware/guard";
import { createWebhook, deleteWebhook, findWebhook, listDeliveries, listWebhooks, updateWebhook } from "../queries/webhooks";
import { serializeDelivery, serializeWebhook } from "../serialize";
import { jsonBody, validate } from "../validate";
import { forgetsIngestContext } from "../middleware/ingest-context";

const DELIVERIES_SHOWN = 50;

export const webhookRoutes = new Hono<AppEnv>()
  // A change here is seen by the next log the organization's committer stores.
  .use(forgetsIngestContext)
  .get(
    "/",
    ...guard("admin", { summary: "Webhooks with their last delivery", tag: "Webhooks", answers: list(webhookSchema) }),
    async (c) => {
      const rows = await listWebhooks({ db: c.var.db, data: c.var.data }, orgOf(c));
      return c.json(rows.map((r) => serializeWebhook(r.hook, r.last)));
    },
  )
  .post(
    "/",
    ...guard("admin", { summary: "Create a webhook (answers its signing secret)", tag: "Webhooks", answers: json(webhookSchema, 201) }),
    ...jsonBody(webhookBody),
    async (c) => {
      const input = c.req.valid("json");
      assertDeliverable(input.url, c.env);
      return c.json(serializeWebhook(await createWebhook(c.var.db, orgOf(c), input, await auditRecorder(c))), 201);
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
      return c.json(serializeWebhook(await updateWebhook(c.var.db, orgId, id, patch, await auditRecorder(c))));
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
      await deleteWebhook({ db: c.var.db, data: c.var.data }, orgId, id, await auditRecorder(c));
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
      errors: {
        404: "`not_found`: no such webhook in the organization",
        503: "`queue_unavailable`: the delivery queue is down; try again (see `Retry-After`)",
      },
    }),
    validate("param", idParam),
    async (c) => {
      const hook = await findWebhook(c.var.db, orgOf(c), c.req.valid("param").id);
      const message = testMessage(hook);
      await c.env.DELIVERY_QUEUE.send(message, { contentType: "json" }).catch((error: unknown) => {
        console.error("test delivery enqueue failed", String(error));
        throw new ApiError(503, "queue_unavailable", "The delivery queue is unavailable; try the test again shortly", undefined, {
          "Retry-After": "30",
        });
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
      const rows = await listDeliveries({ db: c.var.db, data: c.var.data }, orgId, id, DELIVERIES_SHOWN);
      return c.json(rows.map(serializeDelivery));
    },
  );
