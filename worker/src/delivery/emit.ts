// Producing deliveries (docs/delivery.md): events for subscribed webhooks, alert notifications for
// integrations. Called through waitUntil after the data is stored; never fails the request.
import { and, eq } from "drizzle-orm";
import type { WebhookEvent } from "@promptsentry/schema/constants/delivery";
import { integrations, webhooks, type IntegrationRow, type WebhookRow } from "@promptsentry/schema/tables/delivery";
import type { AlertRow } from "@promptsentry/schema/tables/alerts";
import type { OrgSettings } from "@promptsentry/schema/tables/organizations";
import type { PromptLogRow } from "@promptsentry/schema/tables/logs";
import type { Bindings, Db } from "../env";
import { newId } from "../lib/ids";
import { getSettings } from "../queries/settings";
import { alertEvent, alertSummary, logEvents, sampleEventData } from "./events";
import type { AlertSummary, DeliveryMessage, EventInput, IntegrationDeliveryMessage, WebhookDeliveryMessage } from "./messages";

/** Cloudflare Queues accept at most 100 messages and 256 KB per sendBatch call. */
const BATCH_MESSAGES = 100;
const BATCH_BYTES = 240 * 1024;

export const newMessageId = () => `msg_${newId()}`;

/**
 * Runs delivery work after the answer is sent. Enqueueing is best effort: an error is logged and
 * swallowed so that a queue outage never fails or slows the request that stored the data.
 */
export function inBackground(ctx: Pick<ExecutionContext, "waitUntil">, work: () => Promise<void>): void {
  ctx.waitUntil(
    Promise.resolve()
      .then(work)
      .catch((error) => console.error("delivery enqueue failed", String(error))),
  );
}

export async function queueMessages(env: Pick<Bindings, "DELIVERY_QUEUE">, messages: DeliveryMessage[]): Promise<void> {
  const encoder = new TextEncoder();
  let chunk: MessageSendRequest<DeliveryMessage>[] = [];
  let bytes = 0;
  for (const body of messages) {
    const size = encoder.encode(JSON.stringify(body)).length;
    if (chunk.length === BATCH_MESSAGES || (chunk.length && bytes + size > BATCH_BYTES)) {
      await env.DELIVERY_QUEUE.sendBatch(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push({ body, contentType: "json" });
    bytes += size;
  }
  if (chunk.length) await env.DELIVERY_QUEUE.sendBatch(chunk);
}

type Subscriber = { id: string; events: string[] };

/** The organization's active webhooks: the one read every emission needs. */
const activeWebhooks = (db: Db, orgId: string): Promise<Subscriber[]> =>
  db
    .select({ id: webhooks.id, events: webhooks.events })
    .from(webhooks)
    .where(and(eq(webhooks.orgId, orgId), eq(webhooks.active, true)));

function webhookMessages(orgId: string, hooks: Subscriber[], events: EventInput[]): WebhookDeliveryMessage[] {
  const now = new Date().toISOString();
  return events.flatMap(({ event, data, timestamp }) =>
    hooks
      .filter((h) => h.events.includes(event))
      .map((h) => ({
        kind: "webhook" as const,
        orgId,
        webhookId: h.id,
        messageId: newMessageId(),
        event,
        timestamp: timestamp ?? now,
        data,
      })),
  );
}

const isCritical = (severity: string) => severity === "high" || severity === "critical";

/**
 * The organization's alert settings decide who is told: `criticalOnly` keeps only high-severity
 * alerts, `slackNotifications` switches Slack and `emailAlerts` e-mail. They gate integrations
 * (notifications to people) only; webhooks receive every event they subscribed to.
 */
export function notifies(
  integration: Pick<IntegrationRow, "type">,
  settings: Pick<OrgSettings, "criticalOnly" | "slackNotifications" | "emailAlerts">,
  alert: AlertSummary,
): boolean {
  if (settings.criticalOnly && !isCritical(alert.severity)) return false;
  if (integration.type === "slack") return settings.slackNotifications;
  if (integration.type === "email") return settings.emailAlerts;
  return true;
}

async function integrationMessages(db: Db, orgId: string, summaries: AlertSummary[]): Promise<IntegrationDeliveryMessage[]> {
  if (!summaries.length) return [];
  const targets = await db
    .select({ id: integrations.id, type: integrations.type })
    .from(integrations)
    .where(and(eq(integrations.orgId, orgId), eq(integrations.active, true)));
  if (!targets.length) return [];
  const settings = await getSettings(db, orgId);
  return summaries.flatMap((alert) =>
    targets
      .filter((t) => notifies(t, settings, alert))
      .map((t) => ({ kind: "integration" as const, orgId, integrationId: t.id, messageId: newMessageId(), alert })),
  );
}

/** Webhook events plus integration notifications for `alertRows`, in one enqueue. */
async function enqueue(env: Bindings, db: Db, orgId: string, events: EventInput[], alertRows: AlertRow[]): Promise<void> {
  const summaries = alertRows.map(alertSummary);
  const allEvents = [...events, ...summaries.map(alertEvent)];
  const [hooks, notifications] = await Promise.all([
    allEvents.length ? activeWebhooks(db, orgId) : Promise.resolve([]),
    integrationMessages(db, orgId, summaries),
  ]);
  const messages: DeliveryMessage[] = [...webhookMessages(orgId, hooks, allEvents), ...notifications];
  if (messages.length) await queueMessages(env, messages);
}

/** Queues one message per (active webhook subscribed to the event, event). */
export async function enqueueEvents(env: Bindings, db: Db, orgId: string, events: EventInput[]): Promise<void> {
  await enqueue(env, db, orgId, events, []);
}

/** Queues `alert.created` for subscribed webhooks and a notification for each active integration. */
export async function enqueueAlertNotifications(env: Bindings, db: Db, orgId: string, alertRows: AlertRow[]): Promise<void> {
  await enqueue(env, db, orgId, [], alertRows);
}

/**
 * Who hears about ingested logs: the organization's active webhooks and integrations and its alert
 * settings, read with the ingestion context (queries/ingestion.ts `ingestContext`) once per group
 * commit, so enqueueing after the answer needs no D1 read of its own.
 */
export type IngestSubscribers = {
  webhooks: Subscriber[];
  integrations: Pick<IntegrationRow, "id" | "type">[];
  settings: Pick<OrgSettings, "criticalOnly" | "slackNotifications" | "emailAlerts">;
};

/** After ingestion: prompt.created / flag.detected per log, and the alerts the logs newly created. */
export async function enqueueIngested(
  env: Pick<Bindings, "DELIVERY_QUEUE">,
  orgId: string,
  rows: PromptLogRow[],
  newAlerts: AlertRow[],
  subscribers: IngestSubscribers,
): Promise<void> {
  const summaries = newAlerts.map(alertSummary);
  const events = [...rows.flatMap(logEvents), ...summaries.map(alertEvent)];
  const notifications = summaries.flatMap((alert) =>
    subscribers.integrations
      .filter((t) => notifies(t, subscribers.settings, alert))
      .map((t) => ({ kind: "integration" as const, orgId, integrationId: t.id, messageId: newMessageId(), alert })),
  );
  const messages: DeliveryMessage[] = [...webhookMessages(orgId, subscribers.webhooks, events), ...notifications];
  if (messages.length) await queueMessages(env, messages);
}

/**
 * POST /webhooks/{id}/test: a sample of the webhook's first subscribed event, data marked
 * `test: true`. Flagged as a test so it is delivered even while the webhook is switched off.
 */
export function testMessage(hook: Pick<WebhookRow, "id" | "orgId" | "events">): WebhookDeliveryMessage {
  const event = hook.events[0] as WebhookEvent;
  const now = new Date();
  return {
    kind: "webhook",
    orgId: hook.orgId,
    webhookId: hook.id,
    messageId: newMessageId(),
    event,
    timestamp: now.toISOString(),
    data: sampleEventData(event, now),
    test: true,
  };
}
