// Ingestion rate limit per organization and plan (docs/api.md#errors), through the Workers Rate Limiting
// bindings: 429 with Retry-After before anything is parsed or stored. A request counts one unit; a
// way in whose one request can carry more logs than a batch (OTLP) counts the rest once it knows
// how many (chargeIngestion).
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { INGEST_RATE_LIMITS } from "@promptsentry/schema/constants/plans";
import type { AppEnv } from "../env";
import { tooMany } from "../errors";
import { requirePrincipal } from "./auth";

/** The bindings count per 60 s window. */
const WINDOW_SECONDS = 60;

/**
 * Counts `units` more requests against the organization's limit, or throws the 429. The binding
 * takes one unit a call, so a weight is that many calls; a weight over the whole window's allowance
 * is refused without calling (it can never pass).
 */
export async function chargeIngestion(c: Context<AppEnv>, units: number, why = "") {
  if (units < 1) return;
  const principal = requirePrincipal(c);
  const rule = INGEST_RATE_LIMITS[principal.plan];
  const limiter = c.env[rule.binding];
  // A deployment without the binding is not limited rather than broken.
  if (!limiter) return;
  const passed =
    units <= rule.perMinute &&
    (await Promise.all(Array.from({ length: units }, () => limiter.limit({ key: principal.orgId })))).every((r) => r.success);
  if (!passed) {
    throw tooMany(
      `Rate limit exceeded: your plan allows ${rule.perMinute.toLocaleString("en-US")} ingestion requests a minute${why}. Send batches to log more per request.`,
      WINDOW_SECONDS,
    );
  }
}

export const ingestRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  await chargeIngestion(c, 1);
  await next();
});
