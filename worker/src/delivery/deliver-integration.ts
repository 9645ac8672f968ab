// Sends one alert notification to an integration (Slack, Discord, generic webhook, e-mail).
// Integrations have no delivery table (webhook_deliveries belongs to webhooks), so each attempt is
// logged as one structured line instead; retries follow the same policy as webhooks, and a delivery
// claim (claims.ts) makes each alert reach each integration once despite at-least-once queues.
import { and, eq } from "drizzle-orm";
import { integrations, type IntegrationRow } from "@promptsentry/schema/tables/delivery";
import type { Bindings, Db, TenantDbs } from "../env";
import { forgetIngestContext } from "../tenancy/context-cache";
import { allowsPrivate, checkOutboundUrl } from "../lib/url-policy";
import type { DeliveryOptions } from "./deliver-webhook";
import { sendOnce } from "./claims";
import { alertEmail, discordPayload, genericPayload, slackPayload } from "./formats";
import { postJson } from "./http";
import type { IntegrationDeliveryMessage } from "./messages";
import { backoffSeconds, judge, MAX_ATTEMPTS, type Verdict } from "./retry-policy";

/** Sender used when ALERT_EMAIL_FROM is not set; it must be an address the binding may send from. */
const DEFAULT_FROM = "alerts@promptsentry.local";

function logAttempt(
  row: IntegrationRow,
  msg: IntegrationDeliveryMessage,
  attempt: number,
  verdict: Verdict,
  statusCode: number | null = null,
) {
  const line = {
    integrationId: row.id,
    type: row.type,
    messageId: msg.messageId,
    alertId: msg.alert.id,
    attempt,
    statusCode,
    outcome: verdict.action,
    error: verdict.error,
  };
  (verdict.success ? console.log : console.warn)("integration delivery", JSON.stringify(line));
}

function request(row: IntegrationRow, msg: IntegrationDeliveryMessage): { body: unknown; headers: Record<string, string> } {
  if (row.type === "slack") return { body: slackPayload(msg.alert, row.config.channel || undefined), headers: {} };
  if (row.type === "discord") return { body: discordPayload(msg.alert), headers: {} };
  const headers: Record<string, string> = { "webhook-id": msg.messageId };
  if (row.config.api_key) headers.authorization = `Bearer ${row.config.api_key}`;
  return { body: genericPayload(msg.messageId, msg.alert), headers };
}

async function sendEmail(env: Bindings, row: IntegrationRow, msg: IntegrationDeliveryMessage, attempt: number): Promise<Verdict> {
  if (!env.ALERT_EMAIL) {
    // Local development has no send_email binding: say so and drop the message rather than retry.
    return { action: "ack", success: false, error: "E-mail is not configured (no ALERT_EMAIL binding); alert not sent" };
  }
  try {
    const { subject, text } = alertEmail(msg.alert);
    await env.ALERT_EMAIL.send({ from: env.ALERT_EMAIL_FROM || DEFAULT_FROM, to: row.config.email!, subject, text });
    return { action: "ack", success: true, error: null };
  } catch (error) {
    const message = `E-mail send failed: ${error instanceof Error ? error.message : String(error)}`;
    if (attempt >= MAX_ATTEMPTS) return { action: "ack", success: false, error: `${message}; gave up after ${attempt} attempts` };
    return { action: "retry", success: false, error: message, delaySeconds: backoffSeconds(attempt) };
  }
}

async function send(env: Bindings, db: Db, row: IntegrationRow, msg: IntegrationDeliveryMessage, attempt: number, opts: DeliveryOptions) {
  if (row.type === "email") return { verdict: await sendEmail(env, row, msg, attempt), statusCode: null };
  const url = row.config.webhook_url || row.config.url;
  const policy = url ? checkOutboundUrl(url, allowsPrivate(env)) : { ok: false as const, reason: "No URL configured" };
  if (!policy.ok)
    return { verdict: { action: "ack", success: false, error: `Refused: ${policy.reason}` } satisfies Verdict, statusCode: null };
  const { body, headers } = request(row, msg);
  const result = await postJson(url!, JSON.stringify(body), headers, opts.timeoutMs);
  const verdict = judge(result, attempt, opts.random);
  if (verdict.action === "disable") {
    await db
      .update(integrations)
      .set({ active: false })
      .where(and(eq(integrations.orgId, row.orgId), eq(integrations.id, row.id)));
    await forgetIngestContext(env, row.orgId); // the next log's alerts are no longer queued for it
  }
  return { verdict, statusCode: result.statusCode };
}

/** The integration is read (and switched off) in the control database; the claim is in the organization's shard. */
export async function deliverIntegration(
  env: Bindings,
  { db, data }: TenantDbs,
  msg: IntegrationDeliveryMessage,
  attempt: number,
  opts: DeliveryOptions = {},
): Promise<Verdict> {
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.orgId, msg.orgId), eq(integrations.id, msg.integrationId)))
    .limit(1);
  if (!row?.active) return { action: "ack", success: false, error: null };
  return sendOnce(data, { orgId: msg.orgId, targetId: msg.integrationId, messageId: msg.messageId }, attempt, async () => {
    const { verdict, statusCode } = await send(env, db, row, msg, attempt, opts);
    logAttempt(row, msg, attempt, verdict, statusCode);
    return verdict;
  });
}
