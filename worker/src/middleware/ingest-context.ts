// Routes that change what an organization's committer keeps between flushes (tenancy/context-cache.ts:
// settings, webhooks, integrations, API keys, the team, the organization's data) tell it after they
// have written and before they answer, so the next log ingested is judged and delivered with the
// change: a key revoked, rotated or whose member was removed or demoted is refused from the answer on.
// If the committer cannot be told, the route answers 500 rather than a success it has not heard of
// (the change is stored; the committer's copy ages out within INGEST_CONTEXT_TTL_MS). Reads and
// refusals wrote nothing, so they tell nothing.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { forgetIngestContext } from "../tenancy/context-cache";

export const forgetsIngestContext = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const principal = c.var.principal;
  if (c.req.method === "GET" || c.req.method === "HEAD" || c.res.status >= 400 || !principal) return;
  await forgetIngestContext(c.env, principal.orgId, { strict: true });
});
