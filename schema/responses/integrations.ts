// Alert integrations (Slack, Discord, webhook, e-mail) with their credentials masked.
import * as v from "valibot";
import { INTEGRATION_TYPES } from "../constants/delivery";
import { id, timestamp } from "./common";

export const integrationConfigSchema = v.object({
  url: v.optional(v.string()),
  email: v.optional(v.string()),
  webhook_url: v.optional(v.string()),
  api_key: v.optional(v.string()),
  channel: v.optional(v.string()),
});
export type IntegrationConfig = v.InferOutput<typeof integrationConfigSchema>;

export const integrationSchema = v.object({
  id,
  name: v.string(),
  type: v.picklist(INTEGRATION_TYPES),
  /** Credentials come back masked: `api_key`, and a Slack or Discord `webhook_url` (origin + last four characters). */
  config: integrationConfigSchema,
  active: v.boolean(),
  createdAt: timestamp,
});
export type Integration = v.InferOutput<typeof integrationSchema>;
