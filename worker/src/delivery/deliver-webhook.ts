// Sends one webhook message: re-reads the webhook (it may have been deleted, switched off or
// re-pointed since the event), re-checks the URL policy, signs, posts, and records the attempt.
import { and, eq } from "drizzle-orm";
import { webhookDeliveries, webhooks, type WebhookRow } from "@promptsentry/schema/tables/delivery";
import type { Bindings, TenantDbs } from "../env";
import { forgetIngestContext } from "../tenancy/context-cache";
import { newId } from "../lib/ids";
import { allowsPrivate, checkOutboundUrl } from "../lib/url-policy";
import { sendOnce } from "./claims";
import { postJson } from "./http";
import type { WebhookDeliveryMessage } from "./messages";
import { judge, type SendResult, type Verdict } from "./retry-policy";
import { signatureHeaders } from "./sign";

export const GONE_REASON = "Endpoint answered 410 Gone";

export type DeliveryOptions = { timeoutMs?: number; random?: () => number };

export const envelope = (msg: Pick<WebhookDeliveryMessage, "messageId" | "event" | "timestamp" | "data">) =>
  JSON.stringify({ id: msg.messageId, type: msg.event, timestamp: msg.timestamp, data: msg.data });

function attemptRow(
  msg: WebhookDeliveryMessage,
  attempt: number,
  result: Pick<SendResult, "statusCode" | "durationMs">,
  verdict: Pick<Verdict, "success" | "error">,
) {
  return {
    id: newId(),
    orgId: msg.orgId,
    webhookId: msg.webhookId,
    messageId: msg.messageId,
    eventType: msg.event,
    attempt,
    statusCode: result.statusCode,
    success: verdict.success,
    error: verdict.error,
    durationMs: result.durationMs,
    createdAt: new Date(),
  };
}

async function send(hook: WebhookRow, msg: WebhookDeliveryMessage, opts: DeliveryOptions): Promise<SendResult> {
  const body = envelope(msg);
  const headers = await signatureHeaders(hook.secret, msg.messageId, body, Math.floor(Date.now() / 1000));
  return postJson(hook.url, body, headers, opts.timeoutMs);
}

/** The webhook is read from the control database; claims and attempts are the organization's data (its shard). */
export async function deliverWebhook(
  env: Bindings,
  dbs: TenantDbs,
  msg: WebhookDeliveryMessage,
  attempt: number,
  opts: DeliveryOptions = {},
): Promise<Verdict> {
  const mine = and(eq(webhooks.orgId, msg.orgId), eq(webhooks.id, msg.webhookId));
  const [hook] = await dbs.db.select().from(webhooks).where(mine).limit(1);
  if (!hook || (!hook.active && !msg.test)) return { action: "ack", success: false, error: null };

  // The queue delivers at least once: a message handed over again after a successful attempt (its
  // acknowledgement lost), or held by two consumers at once, reaches the receiver once per webhook-id.
  return sendOnce(dbs.data, { orgId: msg.orgId, targetId: msg.webhookId, messageId: msg.messageId }, attempt, () =>
    attemptDelivery(env, dbs, hook, msg, attempt, opts),
  );
}

async function attemptDelivery(
  env: Bindings,
  { db, data }: TenantDbs,
  hook: WebhookRow,
  msg: WebhookDeliveryMessage,
  attempt: number,
  opts: DeliveryOptions,
): Promise<Verdict> {
  const mine = and(eq(webhooks.orgId, msg.orgId), eq(webhooks.id, msg.webhookId));
  const policy = checkOutboundUrl(hook.url, allowsPrivate(env));
  if (!policy.ok) {
    // Refused before any connection is made, and retrying would not change the answer.
    const verdict: Verdict = { action: "ack", success: false, error: `Refused: ${policy.reason}` };
    await data.insert(webhookDeliveries).values(attemptRow(msg, attempt, { statusCode: null, durationMs: 0 }, verdict));
    return verdict;
  }

  const result = await send(hook, msg, opts);
  const verdict = judge(result, attempt, opts.random);
  // Two databases: the attempt is recorded first, then the webhook switched off.
  await data.insert(webhookDeliveries).values(attemptRow(msg, attempt, result, verdict));
  if (verdict.action === "disable") {
    await db.update(webhooks).set({ active: false, disabledReason: GONE_REASON }).where(mine);
    await forgetIngestContext(env, msg.orgId); // the next log's events are no longer queued for it
  }
  return verdict;
}
