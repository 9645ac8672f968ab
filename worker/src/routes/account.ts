import { Hono } from "hono";
import { ROLE_PERMISSIONS, type Permission } from "@promptsentry/schema/constants/access";
import {
  organizationOrNullSchema,
  registerResultSchema,
  sessionResultSchema,
  type RegisterResult,
  type SessionResult,
} from "@promptsentry/schema/responses";
import { registerBody, sessionBody } from "@promptsentry/schema/requests/account";
import type { AppEnv, Db } from "../env";
import { unauthorized } from "../errors";
import { hashApiKey } from "../auth/keys";
import { notifyAccessRevoked } from "../lib/realtime";
import { endSession, startSession } from "../auth/session";
import { loadPrincipal } from "../middleware/auth";
import { json, noContent, publicRoute } from "../middleware/guard";
import { createOrganization, findMember, keyWithOrganization } from "../queries/accounts";
import { serializeOrganization } from "../serialize";
import { jsonBody } from "../validate";

/** The organization as the shell sees it through one key. */
async function organizationView(db: Db, orgId: string, keyId: string, permissions: Iterable<Permission>) {
  const row = await keyWithOrganization(db, keyId);
  if (!row || row.org.id !== orgId) return null;
  const member = await findMember(db, orgId, row.memberId);
  return serializeOrganization(row.org, { keyPrefix: row.keyPrefix, permissions, member });
}

export const accountRoutes = new Hono<AppEnv>()
  .post(
    "/register",
    publicRoute({
      summary: "Create an organization; answers its first API key once",
      tag: "Account",
      answers: json(registerResultSchema, 201),
    }),
    ...jsonBody(registerBody),
    async (c) => {
      const { org, key } = await createOrganization(c.env, c.var.db, c.req.valid("json"));
      await startSession(c, org.id, key.id);
      const organization = await organizationView(c.var.db, org.id, key.id, ROLE_PERMISSIONS.admin);
      if (!organization) throw new Error("registered organization not found");
      return c.json({ organization, apiKey: key.key } satisfies RegisterResult, 201);
    },
  )
  .post(
    "/session",
    publicRoute({ summary: "Sign in with an API key (sets the session cookie)", tag: "Account", answers: json(sessionResultSchema) }),
    ...jsonBody(sessionBody),
    async (c) => {
      const { apiKey } = c.req.valid("json");
      const db = c.var.db;
      // The same rules as every request (expiry, member role) decide whether the key may sign in.
      const resolved = await loadPrincipal(db, { by: "hash", value: await hashApiKey(apiKey) }, "cookie");
      if (!resolved) throw unauthorized("Invalid or expired API key");
      const { principal } = resolved;
      await startSession(c, principal.orgId, principal.keyId);
      return c.json({
        organization: await organizationView(db, principal.orgId, principal.keyId, principal.permissions),
      } satisfies SessionResult);
    },
  )
  // Ends this browser's session (not the key's other sessions: a key may be signed in elsewhere on
  // purpose); its realtime sockets close before the answer.
  .delete("/session", publicRoute({ summary: "Sign out", tag: "Account", answers: noContent() }), async (c) => {
    const orgId = c.var.principal?.orgId;
    const sessionId = await endSession(c);
    if (orgId && sessionId) await notifyAccessRevoked(c.env, orgId, { sessionIds: [sessionId] });
    return c.body(null, 204);
  })
  .get(
    "/organization",
    publicRoute({
      summary: "The caller's organization, or null without credentials",
      tag: "Account",
      answers: json(organizationOrNullSchema),
    }),
    async (c) => {
      const principal = c.var.principal;
      if (!principal) return c.json(null);
      return c.json(await organizationView(c.var.db, principal.orgId, principal.keyId, principal.permissions));
    },
  );
