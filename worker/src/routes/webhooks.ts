// Webhooks CRUD, active patch, delivery history and test sends (spec §7, DESIGN §5, §7). Admin
// only: the list carries signing secrets.
import { Hono } from "hono";
import { idParam, webhookBody, webhookPatch } from "../../../schema/validation";
import type { AppEnv } from "../env";
import { testMessage } from "../delivery/emit";
import { ApiError } from "../errors";
import { assertDeliverable } from "../lib/url-policy";
import { orgOf, requirePermission } from "../middleware/auth";
import { createWebhook, deleteWebhook, findWebhook, listDeliveries, listWebhooks, updateWebhook } from "../queries/webhooks";
import { serializeDelivery, serializeWebhook } from "../serialize";
import { jsonBody, validate } from "../validate";

const DELIVERIES_SHOWN = 50;

export const webhookRoutes = new Hono<AppEnv>()
  .use(requirePermission("admin"))
  .get("/", async (c) => {
    const rows = await listWebhooks(c.var.db, orgOf(c));
    return c.json(rows.map((r) => serializeWebhook(r.hook, r.last)));
  })
  .post("/", ...jsonBody(webhookBody), async (c) => {
    const input = c.req.valid("json");
    assertDeliverable(input.url, c.env);
    return c.json(serializeWebhook(await createWebhook(c.var.db, orgOf(c), input)), 201);
  })
  .patch("/:id", validate("param", idParam), ...jsonBody(webhookPatch), async (c) => {
    const orgId = orgOf(c);
    const { id } = c.req.valid("param");
    const patch = c.req.valid("json");
    if (patch.url) assertDeliverable(patch.url, c.env);
    return c.json(serializeWebhook(await updateWebhook(c.var.db, orgId, id, patch)));
  })
  .delete("/:id", validate("param", idParam), async (c) => {
    const orgId = orgOf(c);
    const { id } = c.req.valid("param");
    await deleteWebhook(c.var.db, orgId, id);
    return c.body(null, 204);
  })
  // Queues a sample of the webhook's first subscribed event; the attempt shows up in its deliveries.
  .post("/:id/test", validate("param", idParam), async (c) => {
    const hook = await findWebhook(c.var.db, orgOf(c), c.req.valid("param").id);
    const message = testMessage(hook);
    await c.env.DELIVERY_QUEUE.send(message, { contentType: "json" }).catch((error: unknown) => {
      console.error("test delivery enqueue failed", String(error));
      throw new ApiError(503, "queue_unavailable", "The delivery queue is unavailable; try the test again shortly", undefined, { "Retry-After": "30" });
    });
    return c.json({ messageId: message.messageId, event: message.event }, 202);
  })
  .get("/:id/deliveries", validate("param", idParam), async (c) => {
    const orgId = orgOf(c);
    const { id } = c.req.valid("param");
    const rows = await listDeliveries(c.var.db, orgId, id, DELIVERIES_SHOWN);
    return c.json(rows.map(serializeDelivery));
  });
