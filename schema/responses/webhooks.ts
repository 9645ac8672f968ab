// Webhooks with their last delivery, delivery attempts and test sends.
import * as v from "valibot";
import { WEBHOOK_EVENTS } from "../constants/delivery";
import { id, nullableNumber, nullableString, timestamp } from "./common";

export const webhookDeliverySchema = v.object({
  id,
  webhookId: id,
  /** The Standard Webhooks `webhook-id`: stable across retries of one event. */
  messageId: v.string(),
  event: v.string(),
  attempt: v.number(),
  statusCode: nullableNumber,
  success: v.boolean(),
  error: nullableString,
  durationMs: nullableNumber,
  createdAt: timestamp,
});
export type WebhookDelivery = v.InferOutput<typeof webhookDeliverySchema>;

export const webhookSchema = v.object({
  id,
  name: v.string(),
  url: v.string(),
  events: v.array(v.string()),
  active: v.boolean(),
  /** The signing secret (`whsec_…`): admins see it to verify deliveries. */
  secret: v.string(),
  /** Why delivery stopped (a 410 from the receiver), or null. */
  disabledReason: nullableString,
  createdAt: timestamp,
  lastDelivery: v.nullable(webhookDeliverySchema),
});
export type Webhook = v.InferOutput<typeof webhookSchema>;

/** POST /api/webhooks/{id}/test → 202: the queued sample event. */
export const webhookTestSchema = v.object({ messageId: v.string(), event: v.picklist(WEBHOOK_EVENTS) });
export type WebhookTest = v.InferOutput<typeof webhookTestSchema>;
