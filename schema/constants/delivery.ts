// Webhooks, integrations and the claims that make each delivery happen once (docs/delivery.md).

export const WEBHOOK_EVENTS = ["prompt.created", "flag.detected", "alert.created", "user.joined"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "prompt.created": "New Prompt",
  "flag.detected": "Flag Detected",
  "alert.created": "Alert Created",
  "user.joined": "User Joined",
};
export const INTEGRATION_TYPES = ["webhook", "email", "slack", "discord"] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/** A claim not settled this long after it was taken (its consumer died mid-send) may be taken over; sends time out long before. */
export const DELIVERY_CLAIM_STALE_MS = 5 * 60_000;
/** Settled claims outlive every queue retry of their message (the queue keeps messages at most 14 days). */
export const DELIVERY_CLAIM_KEEP_DAYS = 15;
