// Organization settings and the Danger Zone answer.
import * as v from "valibot";
import { DETECTION_SENSITIVITIES } from "../constants/detection";
import { FLAG_RULE_KEYS, type FlagRuleKey } from "../constants/flags";
import { GATEWAY_BLOCK_LEVELS } from "../constants/gateway";
import { REDACTION_MODES } from "../constants/privacy";

const flagRulesSchema = v.object(
  Object.fromEntries(FLAG_RULE_KEYS.map((k) => [k, v.boolean()])) as Record<FlagRuleKey, v.BooleanSchema<undefined>>,
);

export const settingsSchema = v.object({
  organizationName: v.string(),
  retentionDays: v.number(),
  emailAlerts: v.boolean(),
  slackNotifications: v.boolean(),
  criticalOnly: v.boolean(),
  /** The alert webhook URL, or `""` when none is set (the form edits it as text). */
  webhookUrl: v.string(),
  flagRules: flagRulesSchema,
  tokenThreshold: v.number(),
  sensitivity: v.picklist(DETECTION_SENSITIVITIES),
  redaction: v.picklist(REDACTION_MODES),
  metadataRetentionDays: v.number(),
  /** Gateway guardrail: the lowest flag the gateway refuses to forward (docs/gateway.md). */
  gatewayBlock: v.picklist(GATEWAY_BLOCK_LEVELS),
  /** The gateway's provider base URL; `""` when the default applies. */
  gatewayUpstream: v.string(),
  /** The gateway's Anthropic and Gemini base URLs; `""` when the default applies. */
  gatewayAnthropicUpstream: v.string(),
  gatewayGeminiUpstream: v.string(),
  /** Whether a call may name its own upstream with X-PromptSentry-Upstream (off: such a call is refused). */
  gatewayAllowUpstreamOverride: v.boolean(),
  /** Display prefix of the key the caller signed in with. */
  apiKeyPrefix: v.string(),
});
export type Settings = v.InferOutput<typeof settingsSchema>;

/** DELETE /api/data. */
export const deletedSchema = v.object({ deleted: v.literal(true) });
export type Deleted = v.InferOutput<typeof deletedSchema>;
