// Alert notifications in each service's own format. Alert messages can quote user-supplied text
// (a log's userId), so mentions and markup are neutralised: no @channel in Slack, no @everyone in Discord.
import { PRODUCT_NAME } from "@promptsentry/schema/constants/screens";
import { reasonLabel } from "@promptsentry/schema/constants/flags";
import { alertCreatedData } from "./events";
import type { AlertSummary } from "./messages";

const SEVERITY_LABEL: Record<string, string> = { critical: "Critical", high: "High", medium: "Medium", low: "Low" };
const DISCORD_COLOR: Record<string, number> = { critical: 0xdc2626, high: 0xdc2626, medium: 0xf59e0b };
const GREY = 0x6b7280;

const severityLabel = (s: string) => SEVERITY_LABEL[s] ?? s;
const typeLabel = (t: string) => (t === "red_flag" ? "Red flag" : t === "anomaly" ? "Anomaly" : t);
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export const alertTitle = (alert: AlertSummary) => `${PRODUCT_NAME}: ${severityLabel(alert.severity)} severity alert`;

function facts(alert: AlertSummary): [string, string][] {
  return [
    ["Severity", severityLabel(alert.severity)],
    ["Type", typeLabel(alert.type)],
    ...(alert.reason ? [["Reason", reasonLabel(alert.reason)] as [string, string]] : []),
    ["Occurrences", String(alert.count)],
  ];
}

/** Slack mrkdwn treats &, < and > as markup (links, @channel); escaped they are plain text. */
const slackEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Slack incoming webhook: `text` is the notification fallback, `blocks` the rendered message. */
export function slackPayload(alert: AlertSummary, channel?: string) {
  const title = alertTitle(alert);
  return {
    ...(channel ? { channel } : {}),
    text: slackEscape(`${title}: ${alert.message}`),
    blocks: [
      { type: "header", text: { type: "plain_text", text: clip(title, 150) } },
      { type: "section", text: { type: "mrkdwn", text: clip(slackEscape(alert.message), 3000) } },
      { type: "section", fields: facts(alert).map(([k, v]) => ({ type: "mrkdwn", text: `*${k}*\n${slackEscape(v)}` })) },
      { type: "context", elements: [{ type: "mrkdwn", text: `Raised ${alert.createdAt} · alert ${alert.id}` }] },
    ],
  };
}

/** Discord webhook: one embed; `allowed_mentions` with no parse list keeps @everyone and <@id> inert. */
export function discordPayload(alert: AlertSummary) {
  return {
    content: clip(`${alertTitle(alert)}: ${alert.message}`, 2000),
    allowed_mentions: { parse: [] as string[] },
    embeds: [
      {
        title: clip(alertTitle(alert), 256),
        description: clip(alert.message, 4096),
        color: DISCORD_COLOR[alert.severity] ?? GREY,
        timestamp: alert.createdAt,
        fields: facts(alert).map(([name, value]) => ({ name, value: clip(value, 1024), inline: true })),
      },
    ],
  };
}

/**
 * Generic webhook integration: the same envelope as webhooks, type `alert.created`. Integrations
 * have no signing secret, so this is not signed; when the integration's config has an `api_key`,
 * it is sent as a Bearer token for the receiver to check.
 */
export function genericPayload(messageId: string, alert: AlertSummary) {
  return { id: messageId, type: "alert.created", timestamp: alert.createdAt, data: alertCreatedData(alert) };
}

/** Plain-text e-mail for the send_email binding (it builds the MIME message itself). */
export function alertEmail(alert: AlertSummary) {
  const lines = [
    alert.message,
    "",
    ...facts(alert).map(([k, v]) => `${k}: ${v}`),
    `Raised: ${alert.createdAt}`,
    `Alert id: ${alert.id}`,
    "",
    `You receive this because e-mail alerts are on for your ${PRODUCT_NAME} organization.`,
  ];
  // Header values must not carry line breaks (header injection).
  return {
    subject: clip(`[${PRODUCT_NAME}] ${severityLabel(alert.severity)}: ${alert.message}`.replace(/[\r\n]+/g, " "), 200),
    text: lines.join("\n"),
  };
}
