import { Hono } from "hono";
import * as v from "valibot";
import type { IntegrationConfig } from "@promptsentry/schema/tables/delivery";
import { auditRecorder } from "../lib/audit";
import { assertDeliverable } from "../lib/url-policy";
import { integrationSchema } from "@promptsentry/schema/responses";
import { idParam } from "@promptsentry/schema/requests/fields";
import { integrationBody, integrationConfigSchema, integrationPatch } from "@promptsentry/schema/requests/integrations";
import type { AppEnv } from "../env";
import { badRequest } from "../errors";
import { orgOf } from "../middleware/auth";
import { guard, json, list, noContent } from "../middleware/guard";
import { createIntegration, deleteIntegration, findIntegration, listIntegrations, updateIntegration } from "../queries/integrations";
import { isSecretConfigField, serializeIntegration } from "../serialize";
import { firstMessage, issuesOf, jsonBody, validate } from "../validate";
import { forgetsIngestContext } from "../middleware/ingest-context";

/** Every URL the server will post alerts to passes the outbound URL policy. */
function assertTargets(config: IntegrationConfig, env: AppEnv["Bindings"]) {
  for (const field of ["webhook_url", "url"] as const) {
    const url = config[field];
    if (url) assertDeliverable(url, env, `config.${field}`);
  }
}

/** The fields that say where an integration sends (and so where its api_key goes). */
const DESTINATION_FIELDS = ["webhook_url", "url", "email"] as const;

const SECRET_REENTRY_MESSAGE = "Re-enter the API key to change where this integration sends alerts";

/**
 * A stored api_key follows its destination only when the client proves it knows the key: changing
 * the URL or address while sending the masked key back (or none) would hand the kept secret to
 * whoever controls the new destination. Clearing the key (`""`) or sending a new one is fine.
 */
function assertSecretFollowsDestination(before: IntegrationConfig, after: IntegrationConfig, keptSecret: boolean) {
  if (!keptSecret || !before.api_key) return;
  const moved = DESTINATION_FIELDS.some((field) => (before[field] ?? "") !== (after[field] ?? ""));
  if (moved) throw badRequest(SECRET_REENTRY_MESSAGE, { "config.api_key": [SECRET_REENTRY_MESSAGE] }, "secret_required");
}

export const integrationRoutes = new Hono<AppEnv>()
  // A change here is seen by the next log the organization's committer stores.
  .use(forgetsIngestContext)
  .get(
    "/",
    ...guard("admin", {
      summary: "Alert integrations (Slack, Discord, webhook, e-mail)",
      tag: "Integrations",
      answers: list(integrationSchema),
    }),
    async (c) => {
      const rows = await listIntegrations(c.var.db, orgOf(c));
      return c.json(rows.map(serializeIntegration));
    },
  )
  .post(
    "/",
    ...guard("admin", { summary: "Add an integration", tag: "Integrations", answers: json(integrationSchema, 201) }),
    ...jsonBody(integrationBody),
    async (c) => {
      const input = c.req.valid("json");
      assertTargets(input.config, c.env);
      return c.json(serializeIntegration(await createIntegration(c.var.db, orgOf(c), input, await auditRecorder(c))), 201);
    },
  )
  .patch(
    "/:id",
    ...guard("admin", {
      summary: "Change an integration or switch it on or off",
      tag: "Integrations",
      answers: json(integrationSchema),
      errors: { 404: "`not_found`: no such integration in the organization" },
    }),
    validate("param", idParam),
    ...jsonBody(integrationPatch),
    async (c) => {
      const orgId = orgOf(c);
      const { id } = c.req.valid("param");
      const patch = c.req.valid("json");
      const existing = await findIntegration(c.var.db, orgId, id);
      let config = existing.config;
      if (patch.config) {
        // A masked value we answered (api_key; a Slack or Discord webhook_url), sent back by a client
        // editing what it was shown, means "unchanged" and keeps the stored credential.
        const shown: Record<string, unknown> = serializeIntegration(existing).config;
        const incoming = Object.fromEntries(
          Object.entries(patch.config).filter(([field, value]) => !(isSecretConfigField(existing.type, field) && value === shown[field])),
        );
        const keptSecret = incoming.api_key === undefined;
        // A patched config is validated as a whole against the integration's type.
        const result = v.safeParse(integrationConfigSchema(existing.type), { ...existing.config, ...incoming });
        if (!result.success) {
          const issues = Object.fromEntries(Object.entries(issuesOf(result.issues)).map(([k, m]) => [`config.${k}`, m]));
          throw badRequest(firstMessage(issues), issues);
        }
        config = result.output;
        assertTargets(config, c.env);
        assertSecretFollowsDestination(existing.config, config, keptSecret);
      }
      const row = await updateIntegration(
        c.var.db,
        orgId,
        existing,
        { name: patch.name ?? existing.name, active: patch.active ?? existing.active, config },
        await auditRecorder(c),
      );
      return c.json(serializeIntegration(row));
    },
  )
  .delete(
    "/:id",
    ...guard("admin", {
      summary: "Delete an integration",
      tag: "Integrations",
      answers: noContent(),
      errors: { 404: "`not_found`: no such integration in the organization" },
    }),
    validate("param", idParam),
    async (c) => {
      await deleteIntegration(c.var.db, orgOf(c), c.req.valid("param").id, await auditRecorder(c));
      return c.body(null, 204);
    },
  );
