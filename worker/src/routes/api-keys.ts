// API keys: create (the full key answered once), list (never the key), delete (spec §7, DESIGN §3).
import { Hono } from "hono";
import { apiKeyBody, idParam } from "../../../schema/validation";
import type { AppEnv } from "../env";
import { conflict } from "../errors";
import { notifyAccessRevoked } from "../lib/realtime";
import { forgetCredentials } from "../lib/credential-cache";
import { orgOf, requirePermission, requirePrincipal } from "../middleware/auth";
import { createKey, deleteKey, listKeys } from "../queries/api-keys";
import { serializeApiKey } from "../serialize";
import { jsonBody, validate } from "../validate";

export const apiKeyRoutes = new Hono<AppEnv>()
  .use(requirePermission("admin"))
  .get("/", async (c) => {
    const rows = await listKeys(c.var.db, orgOf(c));
    return c.json(rows.map((r) => serializeApiKey(r.key, r.role)));
  })
  .post("/", ...jsonBody(apiKeyBody), async (c) => {
    const input = c.req.valid("json");
    const { row, key } = await createKey(c.var.db, { orgId: orgOf(c), ...input });
    return c.json({ ...serializeApiKey(row), keyValue: key }, 201);
  })
  .delete("/:id", validate("param", idParam), async (c) => {
    const principal = requirePrincipal(c);
    const { id } = c.req.valid("param");
    if (id === principal.keyId) throw conflict("You cannot delete the key you are signed in with");
    await deleteKey(c.var.db, principal.orgId, id);
    forgetCredentials([id]);
    // Its sessions went with it (cascade); its realtime sockets and tokens end before the answer.
    await notifyAccessRevoked(c.env, principal.orgId, { keyIds: [id] });
    return c.body(null, 204);
  });
