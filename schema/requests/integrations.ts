// Integrations: create and change, with each type's config (docs/delivery.md).
import * as v from "valibot";
import { INTEGRATION_TYPES } from "../constants/delivery";
import { email, httpUrl, MESSAGES, required, requiredName } from "./fields";

const optionalUrl = v.optional(v.union([v.literal(""), httpUrl(MESSAGES.validUrl)], MESSAGES.validUrl));
const optionalConfigText = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)));
const hookConfig = v.object({
  webhook_url: required(httpUrl(MESSAGES.validWebhookUrl)),
  url: optionalUrl,
  api_key: optionalConfigText,
  channel: optionalConfigText,
});
const emailConfig = v.object({
  email: required(email(MESSAGES.validEmail)),
  url: optionalUrl,
  api_key: optionalConfigText,
});

const integrationName = { name: requiredName };
export const integrationBody = v.variant(
  "type",
  [
    v.object({ ...integrationName, type: v.literal("webhook"), config: required(hookConfig, {}) }),
    v.object({ ...integrationName, type: v.literal("slack"), config: required(hookConfig, {}) }),
    v.object({ ...integrationName, type: v.literal("discord"), config: required(hookConfig, {}) }),
    v.object({ ...integrationName, type: v.literal("email"), config: required(emailConfig, {}) }),
  ],
  `Type must be one of ${INTEGRATION_TYPES.join(", ")}`,
);
export type IntegrationInput = v.InferOutput<typeof integrationBody>;

export const integrationPatch = v.pipe(
  v.object({
    name: v.optional(requiredName),
    active: v.optional(v.boolean("active must be true or false")),
    config: v.optional(v.record(v.string(), v.string())),
  }),
  v.check((o) => Object.values(o).some((x) => x !== undefined), "Nothing to update"),
);

/** The config schema for one integration type, for re-validating a patched config. */
export function integrationConfigSchema(type: (typeof INTEGRATION_TYPES)[number]) {
  return type === "email" ? emailConfig : hookConfig;
}
