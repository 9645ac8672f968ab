// Request body limits (hono's bodyLimit), declared on the routes that need more than the default
// and answered with the 413 envelope. Every other route gets the default through `defaultBodyLimit`,
// which the app runs before authentication so an oversized body costs no database read.
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { matchedRoutes } from "hono/route";
import { COMPOSED_HANDLER } from "hono/utils/constants";
import { MAX_BATCH_BODY_BYTES, MAX_BODY_BYTES } from "@promptsentry/schema/constants/ingestion";
import { ApiError } from "../errors";

/** Every limit made here, so the default can tell that a route declared its own. */
const declaredLimits = new WeakSet<MiddlewareHandler>();

function limitOf(maxSize: number): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, "payload_too_large", `Request body exceeds ${Math.round(maxSize / 1024)} KB`);
    },
  });
  declaredLimits.add(limit);
  return limit;
}

/** 1 MB: one log, a settings form, a webhook. */
export const standardBodyLimit = limitOf(MAX_BODY_BYTES);

/** 10 MB: POST /logs/batch (up to BATCH_MAX_LOGS logs in one body). */
export const batchBodyLimit = limitOf(MAX_BATCH_BODY_BYTES);

/**
 * Declared by a route that bounds its body itself while reading it (OTLP: 10 MB as sent, 16 MB once
 * gunzipped, answered in the exporter's own error format; worker/src/otel/decode.ts).
 */
export const bodyBoundedByHandler: MiddlewareHandler = async function bodyBoundedByHandler(_c, next) {
  await next();
};
declaredLimits.add(bodyBoundedByHandler);

/**
 * The handler as the route declared it. Mounting a sub-app that has its own onError (OTLP, the
 * gateway) wraps each of its handlers in one that renders that sub-app's errors, and a wrapper can
 * be wrapped again by the next mount: hono keeps the inner handler under COMPOSED_HANDLER.
 */
type Wrapped = { [COMPOSED_HANDLER]?: Wrapped };
function declared(handler: object): object {
  let h = handler as Wrapped;
  while (h[COMPOSED_HANDLER]) h = h[COMPOSED_HANDLER];
  return h;
}

/**
 * App-wide: the standard limit for every route that declares none. A route that declares a limit
 * in its chain is left to that limit alone (two limits would let the smaller one win).
 */
export const defaultBodyLimit: MiddlewareHandler = async function defaultBodyLimit(c, next) {
  // No body, nothing to bound (hono's bodyLimit starts with the same test): most requests (every
  // GET, the health route) skip the walk over the matched routes below.
  if (!c.req.raw.body) return next();
  if (matchedRoutes(c).some((route) => declaredLimits.has(declared(route.handler) as MiddlewareHandler))) return next();
  return standardBodyLimit(c, next);
};
