// Messages on the delivery queue. Each names one target and one event; the consumer signs and sends.
import type { WebhookEvent } from "@promptsentry/schema/constants/delivery";

/** One event before it is addressed: emit.ts turns it into a message per subscribed webhook. */
export type EventInput = { event: WebhookEvent; data: Record<string, unknown>; timestamp?: string };

export type WebhookDeliveryMessage = {
  kind: "webhook";
  orgId: string;
  webhookId: string;
  /** Standard Webhooks `webhook-id`: the same for every retry of this message. */
  messageId: string;
  event: WebhookEvent;
  /** ISO time the event happened (the body's `timestamp`). */
  timestamp: string;
  data: Record<string, unknown>;
  /** Sent by POST /webhooks/{id}/test: delivered even while the webhook is switched off. */
  test?: boolean;
};

/** What an integration needs to render an alert; plain JSON so it survives the queue. */
export type AlertSummary = {
  id: string;
  type: string;
  severity: string;
  message: string;
  reason: string | null;
  count: number;
  logId: string | null;
  createdAt: string;
};

export type IntegrationDeliveryMessage = {
  kind: "integration";
  orgId: string;
  integrationId: string;
  messageId: string;
  alert: AlertSummary;
};

export type DeliveryMessage = WebhookDeliveryMessage | IntegrationDeliveryMessage;
