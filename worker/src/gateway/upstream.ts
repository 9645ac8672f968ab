// Where a gateway call goes and what it carries (docs/gateway.md#where-it-forwards). The provider's base URL is the
// organization's gatewayUpstream, else the default; a request may name its own with
// X-PromptSentry-Upstream only where an admin turned on gatewayAllowUpstreamOverride. Each is held to
// the outbound URL policy webhooks use (docs/outbound-urls.md), so the gateway cannot be pointed at
// metadata or (in production) private addresses.
import type { Context } from "hono";
import { DEFAULT_GATEWAY_UPSTREAM, GATEWAY_UPSTREAM_HEADER } from "@promptsentry/schema/constants/gateway";
import type { OrgSettings } from "@promptsentry/schema/tables/organizations";
import type { AppEnv } from "../env";
import { ApiError, badRequest } from "../errors";
import { allowsPrivate, checkOutboundUrl } from "../lib/url-policy";

/** Which organization setting holds a provider's base URL, and the URL without one. */
export type UpstreamSetting = { field: "gatewayUpstream" | "gatewayAnthropicUpstream" | "gatewayGeminiUpstream"; fallback: string };

/**
 * The provider's base URL for this call; 400 `invalid_upstream` when the policy refuses it, 403
 * `upstream_override_disabled` when the call names its own and the organization does not allow that:
 * otherwise any key that may write logs could send the organization's prompts wherever it likes.
 */
export function resolveUpstream(
  c: Context<AppEnv>,
  settings: Pick<OrgSettings, UpstreamSetting["field"] | "gatewayAllowUpstreamOverride">,
  setting: UpstreamSetting = { field: "gatewayUpstream", fallback: DEFAULT_GATEWAY_UPSTREAM },
): URL {
  const override = c.req.header(GATEWAY_UPSTREAM_HEADER)?.trim();
  // Any value, even an empty one: a client that sends the header expects it to be honoured.
  if (c.req.header(GATEWAY_UPSTREAM_HEADER) !== undefined && !settings.gatewayAllowUpstreamOverride) {
    throw new ApiError(
      403,
      "upstream_override_disabled",
      `${GATEWAY_UPSTREAM_HEADER} is not allowed: this organization sends gateway calls only to its configured upstream (an admin can allow the header in Settings → Gateway)`,
    );
  }
  const [base, field] = override ? [override, GATEWAY_UPSTREAM_HEADER] : [settings[setting.field] || setting.fallback, setting.field];
  const verdict = checkOutboundUrl(base, allowsPrivate(c.env));
  if (!verdict.ok) throw badRequest(`${field}: ${verdict.reason}`, { [field]: [verdict.reason] }, "invalid_upstream");
  return new URL(base);
}

/** `<base><path>`, the base's path kept (`https://host/v1` + `/responses` → `https://host/v1/responses`). */
export function upstreamUrl(base: URL, path: string): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}${path}`;
  return url.toString();
}

/** `<base>/chat/completions`, the base's path kept (`https://host/v1` → `https://host/v1/chat/completions`). */
export const completionsUrl = (base: URL): string => upstreamUrl(base, "/chat/completions");

/**
 * Headers the provider needs, passed through unchanged: its credential (OpenAI's Authorization,
 * Azure's api-key), organization/project selection, beta opt-ins and the client's retry key. Never
 * stored: they exist only on the outgoing request.
 */
export const OPENAI_REQUEST_HEADERS = [
  "authorization",
  "api-key",
  "openai-organization",
  "openai-project",
  "openai-beta",
  "idempotency-key",
  "accept",
];

export function forwardedHeaders(c: Context<AppEnv>, names: readonly string[] = OPENAI_REQUEST_HEADERS): Headers {
  const out = new Headers({ "content-type": "application/json" });
  for (const name of names) {
    const value = c.req.header(name);
    if (value) out.set(name, value);
  }
  return out;
}

/**
 * The provider's response headers a client reads, by name: the content type, the request id
 * (`x-request-id`; Azure's `apim-request-id`), OpenAI's `openai-*` (organization, project, version,
 * processing time) and `x-ratelimit-*` headers, and the retry hints the official clients obey
 * (`retry-after`, `retry-after-ms`, `x-should-retry`). Anything else stays here: cookies, `server`,
 * the provider's proxy and infrastructure headers, `location` (redirects are not followed, and the
 * client is not pointed past the outbound policy either), and the length and encoding of a body that
 * is re-streamed.
 */
/** Response headers a provider's clients read, by name and by prefix (each wire has its own). */
export type ReturnedHeaders = { names: readonly string[]; prefixes: readonly string[] };
/** What every wire returns: the content type and the retry hints the official clients obey. */
export const COMMON_RESPONSE_HEADERS = ["content-type", "retry-after", "retry-after-ms", "x-should-retry"];
export const OPENAI_RESPONSE_HEADERS: ReturnedHeaders = {
  names: [...COMMON_RESPONSE_HEADERS, "x-request-id", "apim-request-id"],
  prefixes: ["openai-", "x-ratelimit-"],
};

/** The provider's response headers the client sees: only the allow-listed ones. */
export function returnedHeaders(upstream: Response, allowed: ReturnedHeaders = OPENAI_RESPONSE_HEADERS): Headers {
  const out = new Headers();
  for (const [name, value] of upstream.headers) {
    const lower = name.toLowerCase();
    if (allowed.names.includes(lower) || allowed.prefixes.some((p) => lower.startsWith(p))) out.set(name, value);
  }
  return out;
}
