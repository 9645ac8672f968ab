import { Hono } from "hono";
import { apiKeySchema, createdApiKeySchema, type CreatedApiKey } from "@promptsentry/schema/responses";
import { apiKeyBody } from "@promptsentry/schema/requests/api-keys";
import { idParam } from "@promptsentry/schema/requests/fields";
import type { AppEnv } from "../env";
import { conflict } from "../errors";
import { auditRecorder } from "../lib/audit";
import { notifyAccessRevoked } from "../lib/realtime";
import { orgOf, requirePrincipal } from "../middleware/auth";
import { guard, json, list, noContent } from "../middleware/guard";
import { forgetCredentials } from "../auth/credential-cache";
import { forgetsIngestContext } from "../middleware/ingest-context";
import { createKey, deleteKey, listKeys } from "../queries/api-keys";
import { serializeApiKey } from "../serialize";
import { jsonBody, validate } from "../validate";

export const apiKeyRoutes = new Hono<AppEnv>()
  // A revoked key is refused by the organization's committer, which keeps the key rows it checked, from the answer on.
  .use(forgetsIngestContext)
  .get(
    "/",
    ...guard("admin", { summary: "API keys (prefix only, never the key)", tag: "API keys", answers: list(apiKeySchema) }),
    async (c) => {
      const rows = await listKeys(c.var.db, orgOf(c));
      return c.json(rows.map((r) => serializeApiKey(r.key, r.role)));
    },
  )
  .post(
    "/",
    ...guard("admin", {
      summary: "Create an API key; answers the full key once",
      tag: "API keys",
      answers: json(createdApiKeySchema, 201),
    }),
    ...jsonBody(apiKeyBody),
    async (c) => {
      const input = c.req.valid("json");
      const { row, key } = await createKey(c.var.db, { orgId: orgOf(c), ...input }, await auditRecorder(c));
      return c.json({ ...serializeApiKey(row), keyValue: key } satisfies CreatedApiKey, 201);
    },
  )
  .delete(
    "/:id",
    ...guard("admin", {
      summary: "Revoke an API key",
      tag: "API keys",
      answers: noContent(),
      errors: { 404: "`not_found`: no such key in the organization", 409: "`conflict`: the key the caller is signed in with" },
    }),
    validate("param", idParam),
    async (c) => {
      const principal = requirePrincipal(c);
      const { id } = c.req.valid("param");
      if (id === principal.keyId) throw conflict("You cannot delete the key you are signed in with");
      await deleteKey(c.var.db, principal.orgId, id, await auditRecorder(c));
      forgetCredentials([id]);
      // Its sessions went with it (cascade); its realtime sockets and tokens end before the answer.
      await notifyAccessRevoked(c.env, principal.orgId, { keyIds: [id] });
      return c.body(null, 204);
    },
  );
