import { API_KEY_PREFIX, MASKED_KEY_ASTERISKS } from "@promptsentry/schema/constants/access";
import { FLAG_RULE_KEYS, type FlagRules } from "@promptsentry/schema/constants/flags";
import type { DetectionSensitivity } from "@promptsentry/schema/constants/detection";
import type { GatewayBlockLevel } from "@promptsentry/schema/constants/gateway";
import type { RedactionMode } from "@promptsentry/schema/constants/privacy";
import type { Settings } from "../../api/types";

/** The editable settings as the form holds them (numbers as typed text). */
export type SettingsDraft = {
  organizationName: string;
  retentionDays: string;
  emailAlerts: boolean;
  slackNotifications: boolean;
  criticalOnly: boolean;
  webhookUrl: string;
  flagRules: FlagRules;
  tokenThreshold: string;
  sensitivity: DetectionSensitivity;
  redaction: RedactionMode;
  metadataRetentionDays: string;
  gatewayBlock: GatewayBlockLevel;
  gatewayUpstream: string;
  gatewayAnthropicUpstream: string;
  gatewayGeminiUpstream: string;
  gatewayAllowUpstreamOverride: boolean;
};

export function toDraft(s: Settings): SettingsDraft {
  return {
    organizationName: s.organizationName,
    retentionDays: String(s.retentionDays),
    emailAlerts: s.emailAlerts,
    slackNotifications: s.slackNotifications,
    criticalOnly: s.criticalOnly,
    webhookUrl: s.webhookUrl,
    flagRules: { ...s.flagRules },
    tokenThreshold: String(s.tokenThreshold),
    sensitivity: s.sensitivity,
    redaction: s.redaction,
    metadataRetentionDays: String(s.metadataRetentionDays),
    gatewayBlock: s.gatewayBlock,
    gatewayUpstream: s.gatewayUpstream ?? "",
    gatewayAnthropicUpstream: s.gatewayAnthropicUpstream ?? "",
    gatewayGeminiUpstream: s.gatewayGeminiUpstream ?? "",
    gatewayAllowUpstreamOverride: s.gatewayAllowUpstreamOverride,
  };
}

/** The PUT body: every section at once (the server validates it with settingsBody, as the form does). */
export function toBody(d: SettingsDraft) {
  return {
    organizationName: d.organizationName,
    retentionDays: d.retentionDays,
    emailAlerts: d.emailAlerts,
    slackNotifications: d.slackNotifications,
    criticalOnly: d.criticalOnly,
    webhookUrl: d.webhookUrl.trim(),
    flagRules: Object.fromEntries(FLAG_RULE_KEYS.map((k) => [k, d.flagRules[k]])) as FlagRules,
    tokenThreshold: d.tokenThreshold.trim(),
    sensitivity: d.sensitivity,
    redaction: d.redaction,
    metadataRetentionDays: d.metadataRetentionDays,
    gatewayBlock: d.gatewayBlock,
    gatewayUpstream: d.gatewayUpstream.trim(),
    gatewayAnthropicUpstream: d.gatewayAnthropicUpstream.trim(),
    gatewayGeminiUpstream: d.gatewayGeminiUpstream.trim(),
    gatewayAllowUpstreamOverride: d.gatewayAllowUpstreamOverride,
  };
}

/** Whether the draft differs from what the server holds. */
export function isDirty(d: SettingsDraft, s: Settings): boolean {
  return JSON.stringify(toBody(d)) !== JSON.stringify(toBody(toDraft(s)));
}

/** The key field of API Configuration: masked (same length as a key) or the part we know. */
export function keyFieldValue(keyPrefix: string, visible: boolean, fullKey?: string | null): string {
  if (fullKey) return visible ? fullKey : API_KEY_PREFIX + "*".repeat(MASKED_KEY_ASTERISKS);
  return visible ? `${keyPrefix}…` : API_KEY_PREFIX + "*".repeat(MASKED_KEY_ASTERISKS);
}
