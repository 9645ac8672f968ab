// Settings and deleting an organization's data (docs/api.md).
import * as v from "valibot";
import { RETENTION_DAY_OPTIONS } from "../constants/privacy";
import { DETECTION_SENSITIVITIES } from "../constants/detection";
import { FLAG_RULE_KEYS } from "../constants/flags";
import { organizationName } from "./account";
import { httpUrl, MESSAGES, required } from "./fields";
import { privacySettingsEntries } from "./privacy";
import { gatewaySettingsEntries } from "./gateway";

export const settingsBody = v.object({
  organizationName: v.optional(organizationName),
  retentionDays: v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))], MESSAGES.retention),
      v.check((n) => (RETENTION_DAY_OPTIONS as readonly number[]).includes(n), MESSAGES.retention),
    ),
  ),
  emailAlerts: v.optional(v.boolean()),
  slackNotifications: v.optional(v.boolean()),
  criticalOnly: v.optional(v.boolean()),
  webhookUrl: v.optional(v.nullable(v.union([v.literal(""), httpUrl(MESSAGES.validUrl)], MESSAGES.validUrl))),
  sensitivity: v.optional(v.picklist(DETECTION_SENSITIVITIES, `Sensitivity must be one of ${DETECTION_SENSITIVITIES.join(", ")}`)),
  flagRules: v.optional(
    v.partial(
      v.object(
        Object.fromEntries(FLAG_RULE_KEYS.map((k) => [k, v.boolean()])) as Record<
          (typeof FLAG_RULE_KEYS)[number],
          v.BooleanSchema<undefined>
        >,
      ),
    ),
  ),
  tokenThreshold: v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d+$/), v.transform(Number))], MESSAGES.tokenThreshold),
      v.integer(MESSAGES.tokenThreshold),
      v.minValue(1, MESSAGES.tokenThreshold),
      v.maxValue(10_000_000, MESSAGES.tokenThreshold),
    ),
  ),
  ...privacySettingsEntries,
  ...gatewaySettingsEntries,
});
export type SettingsInput = v.InferOutput<typeof settingsBody>;

export const deleteDataBody = v.object({
  confirm: required(v.pipe(v.string("Type the organization name to confirm"), v.nonEmpty("Type the organization name to confirm"))),
});
