import { queryOptions } from "@tanstack/react-query";
import type { WebhookEvent } from "@promptsentry/schema/constants/delivery";
import { api } from "./client";
import type { Webhook, WebhookDelivery, WebhookTest } from "./types";

export type { Webhook, WebhookDelivery };

export type WebhookInput = { name: string; url: string; events: WebhookEvent[] };
export type WebhookPatch = Partial<WebhookInput & { active: boolean }>;

export const webhookKeys = {
  all: ["webhooks"] as const,
  list: () => ["webhooks", "list"] as const,
  deliveries: (id: string) => ["webhooks", "deliveries", id] as const,
};

/** GET /api/webhooks → every webhook of the organization, newest first. */
export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: webhookKeys.list(),
    queryFn: ({ signal }) => api<Webhook[]>("/api/webhooks", { signal }),
  });

/** GET /api/webhooks/{id}/deliveries → the latest delivery attempts, newest first. */
export const webhookDeliveriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }) => api<WebhookDelivery[]>(`/api/webhooks/${encodeURIComponent(id)}/deliveries`, { signal }),
  });

export const createWebhook = (input: WebhookInput) => api<Webhook>("/api/webhooks", { method: "POST", body: input });

export const updateWebhook = (id: string, patch: WebhookPatch) =>
  api<Webhook>(`/api/webhooks/${encodeURIComponent(id)}`, { method: "PATCH", body: patch });

export const deleteWebhook = (id: string) => api<null>(`/api/webhooks/${encodeURIComponent(id)}`, { method: "DELETE" });

/** POST /api/webhooks/{id}/test → 202 {messageId}: a signed test event is queued for delivery. */
export const sendTestEvent = (id: string) => api<WebhookTest>(`/api/webhooks/${encodeURIComponent(id)}/test`, { method: "POST" });
