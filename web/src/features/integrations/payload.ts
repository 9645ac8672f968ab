import type { IntegrationType } from "@promptsentry/schema/constants/delivery";
import type { Integration, IntegrationConfig } from "../../api/integrations";

export type IntegrationForm = { name: string; type: IntegrationType; webhookUrl: string; email: string; channel: string };

/** Which config fields the form shows per type (schema/requests/). */
export function fieldsFor(type: IntegrationType): { webhookUrl: boolean; email: boolean; channel: boolean } {
  return { webhookUrl: type !== "email", email: type === "email", channel: type === "slack" || type === "discord" };
}

/** The POST body for the form: only the fields of its type; blank optional fields left out. */
export function integrationPayload(form: IntegrationForm): { name: string; type: IntegrationType; config: IntegrationConfig } {
  const f = fieldsFor(form.type);
  const config: IntegrationConfig = {};
  if (f.webhookUrl) config.webhook_url = form.webhookUrl.trim();
  if (f.email) config.email = form.email.trim();
  if (f.channel && form.channel.trim()) config.channel = form.channel.trim();
  return { name: form.name, type: form.type, config };
}

/** Type labels: 'slack' → 'Slack'. */
export const TYPE_LABELS: Record<IntegrationType, string> = { webhook: "Webhook", email: "Email", slack: "Slack", discord: "Discord" };

export function typeLabel(type: string): string {
  return (TYPE_LABELS as Record<string, string>)[type] ?? type;
}

/** Where an integration delivers: its webhook URL (masked by the server for Slack and Discord), e-mail address or generic URL. */
export function integrationTarget(i: Pick<Integration, "config">): string {
  return i.config.webhook_url || i.config.email || i.config.url || "—";
}
