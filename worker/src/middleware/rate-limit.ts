// Ingestion rate limit per organization and plan (docs/api.md#errors), through the Workers Rate Limiting
// bindings: 429 with Retry-After before anything is parsed or stored.
import { createMiddleware } from "hono/factory";
import { INGEST_RATE_LIMITS } from "../../../schema/constants";
import type { AppEnv } from "../env";
import { tooMany } from "../errors";
import { requirePrincipal } from "./auth";

/** The bindings count per 60 s window. */
const WINDOW_SECONDS = 60;

export const ingestRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const principal = requirePrincipal(c);
  const rule = INGEST_RATE_LIMITS[principal.plan];
  const limiter = c.env[rule.binding];
  // A deployment without the binding is not limited rather than broken.
  if (limiter) {
    const { success } = await limiter.limit({ key: principal.orgId });
    if (!success) {
      throw tooMany(
        `Rate limit exceeded: your plan allows ${rule.perMinute.toLocaleString("en-US")} ingestion requests a minute. Send batches to log more per request.`,
        WINDOW_SECONDS,
      );
    }
  }
  await next();
});
