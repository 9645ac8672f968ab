// Settings made real (docs/api.md): organization name, retention, alert switches, flag rules, token
// threshold; and rotation of the caller's own API key.
import { Hono } from "hono";
import { rotatedKeySchema, settingsSchema, type RotatedKey, type Settings } from "@promptsentry/schema/responses";
import type { OrgSettings } from "@promptsentry/schema/tables/organizations";
import { REDACTION_MESSAGES } from "@promptsentry/schema/requests/privacy";
import { settingsBody } from "@promptsentry/schema/requests/settings";
import type { AppEnv } from "../env";
import { badRequest, unauthorized } from "../errors";
import { displayPrefix, generateApiKey, hashApiKey } from "../auth/keys";
import { assertDeliverable } from "../lib/url-policy";
import { notifyAccessRevoked } from "../lib/realtime";
import { prepareSession, sendSessionCookie } from "../auth/session";
import { orgOf, requirePrincipal } from "../middleware/auth";
import { guard, json } from "../middleware/guard";
import { getSettings, updateSettings } from "../queries/settings";
import { forgetCredentials } from "../auth/credential-cache";
import { organizationName, organizationName as getOrganizationName } from "../queries/accounts";
import { changedFields } from "../queries/audit";
import { auditRecorder } from "../lib/audit";
import { keyById, replaceKeySecret } from "../queries/api-keys";
import { jsonBody } from "../validate";
import { forgetsIngestContext } from "../middleware/ingest-context";

function settingsView(s: OrgSettings, organizationName: string, apiKeyPrefix: string): Settings {
  return {
    organizationName,
    retentionDays: s.retentionDays,
    emailAlerts: s.emailAlerts,
    slackNotifications: s.slackNotifications,
    criticalOnly: s.criticalOnly,
    webhookUrl: s.webhookUrl ?? "",
    flagRules: s.flagRules,
    tokenThreshold: s.tokenThreshold,
    sensitivity: s.sensitivity,
    redaction: s.redaction,
    metadataRetentionDays: s.metadataRetentionDays,
    gatewayBlock: s.gatewayBlock,
    /** The stored base URL, "" when the default (DEFAULT_GATEWAY_UPSTREAM) applies. */
    gatewayUpstream: s.gatewayUpstream ?? "",
    gatewayAnthropicUpstream: s.gatewayAnthropicUpstream ?? "",
    gatewayGeminiUpstream: s.gatewayGeminiUpstream ?? "",
    gatewayAllowUpstreamOverride: s.gatewayAllowUpstreamOverride,
    apiKeyPrefix,
  };
}

async function currentView(c: Parameters<typeof orgOf>[0]) {
  const principal = requirePrincipal(c);
  const db = c.var.db;
  const [settings, name, key] = await Promise.all([
    getSettings(db, principal.orgId),
    organizationName(db, principal.orgId),
    keyById(db, principal.keyId),
  ]);
  return settingsView(settings, name, key?.keyPrefix ?? "");
}

export const settingsRoutes = new Hono<AppEnv>()
  // A change here is seen by the next log the organization's committer stores.
  .use(forgetsIngestContext)
  .get("/", ...guard("logs:read", { summary: "Organization settings", tag: "Settings", answers: json(settingsSchema) }), async (c) =>
    c.json(await currentView(c)),
  )
  .put(
    "/",
    ...guard("admin", { summary: "Save organization settings", tag: "Settings", answers: json(settingsSchema) }),
    ...jsonBody(settingsBody),
    async (c) => {
      const orgId = orgOf(c);
      const db = c.var.db;
      const { organizationName, flagRules, webhookUrl, gatewayUpstream, gatewayAnthropicUpstream, gatewayGeminiUpstream, ...rest } =
        c.req.valid("json");
      // The gateway sends prompts there: the same outbound policy as webhooks, checked when saved and per call.
      const upstreams = { gatewayUpstream, gatewayAnthropicUpstream, gatewayGeminiUpstream };
      for (const [field, url] of Object.entries(upstreams)) if (url) assertDeliverable(url, c.env, field);
      const [existing, oldName] = await Promise.all([getSettings(db, orgId), getOrganizationName(db, orgId)]);
      // Metadata outlives bodies, never the other way round (checked against what is stored when only one is sent).
      const bodies = rest.retentionDays ?? existing.retentionDays;
      const metadata = rest.metadataRetentionDays ?? existing.metadataRetentionDays;
      if (metadata < bodies) {
        const field = rest.metadataRetentionDays !== undefined ? "metadataRetentionDays" : "retentionDays";
        throw badRequest(REDACTION_MESSAGES.metadataBelowBodies, { [field]: [REDACTION_MESSAGES.metadataBelowBodies] });
      }
      const patch = {
        ...rest,
        ...(webhookUrl !== undefined ? { webhookUrl: webhookUrl || null } : {}),
        ...Object.fromEntries(Object.entries(upstreams).flatMap(([field, url]) => (url !== undefined ? [[field, url || null]] : []))),
        ...(flagRules ? { flagRules: { ...existing.flagRules, ...flagRules } } : {}),
        updatedAt: new Date(),
      };
      // The record names the fields this request changed, as they were and as they are now.
      const { updatedAt: _, ...changed } = patch;
      const before = { organizationName: oldName, ...existing };
      const change = changedFields(before, { ...before, ...changed, ...(organizationName ? { organizationName } : {}) });
      const record = change && (await auditRecorder(c))({ action: "settings.update", entityType: "settings", entityId: orgId, ...change });
      await updateSettings(db, orgId, patch, organizationName, record ?? undefined);
      return c.json(await currentView(c));
    },
  )
  .post(
    "/rotate-key",
    ...guard("admin", {
      summary: "Replace the caller's API key; answers the new key once",
      tag: "Settings",
      answers: json(rotatedKeySchema),
    }),
    async (c) => {
      const principal = requirePrincipal(c);
      const db = c.var.db;
      // The key keeps its id, name and permissions; the secret changes and every session and realtime
      // token made from the old one ends, in one transaction. A caller signed in through a session
      // continues in a fresh one made from the new secret (the Settings page shows the new key there);
      // every other session, including a stolen copy of this one, must sign in with the new key.
      const key = generateApiKey();
      const keyPrefix = displayPrefix(key);
      const at = new Date();
      const fresh = principal.via === "cookie" ? await prepareSession(db, principal.orgId, principal.keyId, at.getTime()) : null;
      const old = await keyById(db, principal.keyId);
      if (!old) throw unauthorized();
      const audit = await auditRecorder(c);
      await replaceKeySecret(db, old, { keyHash: await hashApiKey(key), keyPrefix }, at, audit, fresh ? [fresh.insert] : []);
      forgetCredentials([principal.keyId]);
      await notifyAccessRevoked(c.env, principal.orgId, { keyIds: [principal.keyId] }, at.getTime());
      if (fresh) await sendSessionCookie(c, fresh.token);
      return c.json({ apiKey: key, keyPrefix } satisfies RotatedKey);
    },
  );
