// `?apiKey=` is deprecated (docs/api-keys-in-urls.md): a URL is written to request traces, proxy and
// CDN logs, browser history and Referer headers, so a key in it leaks to everything that records
// URLs. The parameter stays accepted (the spec's calls use it), but every answer to a request that
// carries one, success or error, says so with an RFC 9745 `Deprecation` header and a link to why.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";

/** When `?apiKey=` was deprecated, as an RFC 9745 structured-field date (`@` + Unix seconds). */
export const QUERY_KEY_DEPRECATED_AT = Date.UTC(2026, 10, 23) / 1000;
export const QUERY_KEY_DEPRECATION = `@${QUERY_KEY_DEPRECATED_AT}`;
/** Where the deprecation is explained: the API reference (its `queryKey` scheme), served by every deployment. */
export const QUERY_KEY_DEPRECATION_DOC = "/api/openapi.json";

export const queryKeyDeprecation = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.req.query("apiKey") === undefined) return;
  c.res.headers.set("Deprecation", QUERY_KEY_DEPRECATION);
  c.res.headers.append("Link", `<${QUERY_KEY_DEPRECATION_DOC}>; rel="deprecation"; type="application/json"`);
});
