// The dashboard's pages (every path outside /api but the hashed bundles under /assets/, see
// wrangler.toml run_worker_first): served from the static assets with the security headers, whose
// Content-Security-Policy must name the realtime socket's origin, known only at run time (PARTY_HOST).
import { Hono } from "hono";
import { dashboardHeaders } from "@promptsentry/schema/security-headers";
import type { AppEnv } from "../env";
import { partyOrigin } from "../lib/realtime";

/** The page headers, built once per PARTY_HOST (fixed for a deployment) instead of on every page. */
let pageHeaders: { partyHost: string | undefined; entries: [string, string][] } | undefined;
function headersFor(env: AppEnv["Bindings"]): [string, string][] {
  if (!pageHeaders || pageHeaders.partyHost !== env.PARTY_HOST)
    pageHeaders = { partyHost: env.PARTY_HOST, entries: Object.entries(dashboardHeaders(partyOrigin(env, "ws"))) };
  return pageHeaders.entries;
}

export const dashboardRoutes = new Hono<AppEnv>().on(["GET", "HEAD"], "*", async (c) => {
  // An unknown API path is the API's 404, never the SPA's index.html.
  if (c.req.path === "/api" || c.req.path.startsWith("/api/") || !c.env.ASSETS) return c.notFound();
  const asset = await c.env.ASSETS.fetch(c.req.raw);
  const res = new Response(asset.body, asset);
  for (const [name, value] of headersFor(c.env)) res.headers.set(name, value);
  return res;
});
