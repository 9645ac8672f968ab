// The API's security headers (docs/security-headers.md): Hono's secure headers, frames denied, and a
// Content-Security-Policy under which a JSON answer opened as a document can load and run nothing.
// The dashboard's pages get theirs in routes/dashboard.ts; both policies live in schema/security-headers.ts.
//
// Why not `secureHeaders()` after the handler: in workerd each `headers.set` on a finished answer
// is a call into the runtime, and the eleven of them were the largest cost of the health route
// after the runtime itself (docs/performance.md). A Response built from a Headers object copies it
// in one step, so a plain JSON answer (`c.json(body)` or `c.json(body, status)`, the API's usual
// one, errors included) is built with all the headers at once. Every other answer (a handler that
// set headers or a status of its own, a stream, a download, a proxied response) gets them set
// afterwards as before; both ways the headers overwrite any the handler chose.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { API_SECURITY_HEADERS } from "@promptsentry/schema/security-headers";
import type { AppEnv } from "../env";

/** Lower-case names, as workerd stores them (no case folding per request). */
const API_HEADERS = Object.entries(API_SECURITY_HEADERS).map(([name, value]) => [name.toLowerCase(), value] as const);

/** A plain JSON answer's headers, made once; each Response copies them (a later set changes only its own). */
const JSON_ANSWER_HEADERS = new Headers([["content-type", "application/json"], ...API_HEADERS]);

export const apiSecurityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  const builtSecured = buildPlainJsonSecured(c);
  await next();
  if (c.res === builtSecured()) return;
  const headers = c.res.headers;
  for (const [name, value] of API_HEADERS) headers.set(name, value);
  headers.delete("x-powered-by");
});

/**
 * This request's `c.json` builds a plain JSON answer with the security headers in it. Anything Hono's
 * own `c.json` would add to the answer (headers or a status set through `c.header`/`c.status`, headers
 * passed to it) sends it back to Hono's, and the middleware sets the headers afterwards. Returns the
 * last answer built that way: if that is the one sent, it needs nothing more (any other gets the
 * headers set, so a mistake here costs time, never a header).
 */
function buildPlainJsonSecured(c: Context<AppEnv>): () => Response | undefined {
  const { json, header, status } = c;
  let customized = false;
  let built: Response | undefined;
  c.header = ((...args: Parameters<typeof header>) => {
    customized = true;
    return header(...args);
  }) as typeof header;
  c.status = (code) => {
    customized = true;
    status(code);
  };
  c.json = ((object: unknown, arg?: unknown, headers?: unknown) => {
    if (customized || c.finalized || headers !== undefined || (arg !== undefined && typeof arg !== "number"))
      return json(object as never, arg as never, headers as never);
    built = new Response(JSON.stringify(object), { status: arg, headers: JSON_ANSWER_HEADERS });
    return built;
  }) as typeof json;
  return () => built;
}
