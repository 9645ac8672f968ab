// Producing deliveries (DESIGN §7): events for subscribed webhooks, alert notifications for
// integrations. Called through waitUntil after the data is stored; never fails the request.
import type { WebhookEvent } from "../../../schema/constants";
import type { AlertRow } from "../../../schema/tables";
import type { Bindings, Db } from "../env";

export type EventInput = { event: WebhookEvent; data: Record<string, unknown>; timestamp?: string };

/** Queues one message per (active webhook subscribed to the event, event). */
export async function enqueueEvents(env: Bindings, db: Db, orgId: string, events: EventInput[]): Promise<void> {
  void env;
  void db;
  void orgId;
  void events;
}

/** Queues `alert.created` for subscribed webhooks and a notification for each active integration. */
export async function enqueueAlertNotifications(env: Bindings, db: Db, orgId: string, alerts: AlertRow[]): Promise<void> {
  void env;
  void db;
  void orgId;
  void alerts;
}
