// Routes that change what an organization's committer keeps between flushes (settings, webhooks,
// integrations: tenancy/context-cache.ts) tell it after they have written and before they answer,
// so the next log ingested is judged and delivered with the change. Reads and refusals wrote
// nothing, so they tell nothing.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { forgetIngestContext } from "../tenancy/context-cache";

export const forgetsIngestContext = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const principal = c.var.principal;
  if (c.req.method === "GET" || c.req.method === "HEAD" || c.res.status >= 400 || !principal) return;
  await forgetIngestContext(c.env, principal.orgId);
});
