// GET /api/openapi.json: the API described as OpenAPI 3.1. Query, path and body schemas come from the
// routes' own valibot validators (hono-openapi); summaries and permissions from OPERATIONS below,
// which openapi.test.ts keeps in step with the routes the app really has.
import type { OverrideSchemaContext } from "@valibot/to-json-schema";
import type { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import type { OpenAPIV3_1 } from "openapi-types";
import { GATEWAY_KEY_HEADER, LOG_COUNT_CAP, SESSION_COOKIE, TOTAL_COUNT_HEADER, type Permission } from "../../schema/constants";
import { requiredFields } from "../../schema/validation";
import type { AppEnv } from "./env";

type Access = Permission | "none";
/** `errors`: statuses the route answers besides validation and auth failures, with when (code: meaning). */
type Operation = { summary: string; access: Access; tag: string; errors?: Record<number, string>; security?: Record<string, string[]>[] };

/** Every route, keyed `METHOD /api/path` (Hono's `:param` form). */
export const OPERATIONS: Record<string, Operation> = {
  "GET /api/health": { summary: "Liveness check", access: "none", tag: "Account" },
  "POST /api/register": { summary: "Create an organization; answers its first API key once", access: "none", tag: "Account" },
  "POST /api/session": { summary: "Sign in with an API key (sets the session cookie)", access: "none", tag: "Account" },
  "DELETE /api/session": { summary: "Sign out", access: "none", tag: "Account" },
  "GET /api/organization": { summary: "The caller's organization, or null without credentials", access: "none", tag: "Account" },
  "POST /api/logs": { summary: "Log one prompt and response (flagged on arrival)", access: "logs:write", tag: "Ingestion" },
  "POST /api/logs/batch": { summary: "Log up to 500 prompts at once, all or nothing", access: "logs:write", tag: "Ingestion" },
  "POST /api/otel/v1/traces": {
    summary:
      "OTLP/HTTP trace export (set an exporter's endpoint to `<origin>/api/otel`): `application/x-protobuf` or `application/json`, optionally `Content-Encoding: gzip`. Each model-call span (GenAI, OpenLLMetry or OpenInference conventions) becomes a log; other spans are ignored. Answers ExportTraceServiceResponse in the request's encoding, with `partial_success` for refused spans; failures answer a google.rpc.Status (in JSON also the error envelope)",
    access: "logs:write",
    tag: "Ingestion",
    errors: {
      400: "`invalid_otlp`: the body is not an ExportTraceServiceRequest in the named encoding, or not gzip",
      413: "`payload_too_large`: over 10 MB as sent or 16 MB decompressed",
      415: "`unsupported_media_type`: a Content-Type other than protobuf or JSON, or a Content-Encoding other than gzip",
      429: "`rate_limited` or `quota_exceeded`: retry after Retry-After (model-call spans past the quota are refused in partial_success)",
      503: "`unavailable`: storage failed; retry after Retry-After",
    },
  },
  "POST /api/test-prompt": { summary: "Log a test prompt from the dashboard (source integration-test)", access: "logs:write", tag: "Ingestion" },
  "GET /api/logs": { summary: "Search and filter logs, newest first, keyset-paginated by `before`", access: "logs:read", tag: "Logs" },
  "GET /api/logs/counts": {
    summary: `How many logs the filters match, in all and per flag; with a search or a user, time or fingerprint filter at most ${LOG_COUNT_CAP.toLocaleString("en-US")} are counted ({total: ${LOG_COUNT_CAP}, capped: true}, per-flag null)`,
    access: "logs:read",
    tag: "Logs",
  },
  "GET /api/logs/export": { summary: "Stream the filtered logs as CSV or JSON Lines", access: "logs:read", tag: "Logs" },
  "GET /api/logs/fingerprints/:fingerprint": { summary: "In how many logs a redacted value (by fingerprint) appeared, first and last seen", access: "logs:read", tag: "Logs" },
  "GET /api/logs/:id": { summary: "One log", access: "logs:read", tag: "Logs" },
  "GET /api/stats": { summary: "Totals of the last N days and of the N days before", access: "logs:read", tag: "Analytics" },
  "GET /api/trends": { summary: "Safe / warning / critical per day, zero-filled", access: "logs:read", tag: "Analytics" },
  "GET /api/analytics/models": { summary: "Prompts, tokens, cost and share per model", access: "logs:read", tag: "Analytics" },
  "GET /api/cost-tracking": { summary: "Cost and tokens per day", access: "logs:read", tag: "Analytics" },
  "GET /api/performance-metrics": { summary: "Latency percentiles and volume per day", access: "logs:read", tag: "Analytics" },
  "GET /api/realtime/token": { summary: "Short-lived token for the organization's live feed room", access: "logs:read", tag: "Logs" },
  "GET /api/alerts": { summary: `Alerts, newest first, keyset-paginated; ${TOTAL_COUNT_HEADER} counts all matching`, access: "alerts:read", tag: "Alerts" },
  "PATCH /api/alerts/:id/acknowledge": { summary: "Acknowledge an alert (one-way, idempotent)", access: "alerts:write", tag: "Alerts" },
  "GET /api/anomaly-detections": { summary: "Detected anomalies, newest first", access: "alerts:read", tag: "Alerts" },
  "GET /api/webhooks": { summary: "Webhooks with their last delivery", access: "admin", tag: "Webhooks" },
  "POST /api/webhooks": { summary: "Create a webhook (answers its signing secret)", access: "admin", tag: "Webhooks" },
  "PATCH /api/webhooks/:id": { summary: "Change a webhook or switch it on or off", access: "admin", tag: "Webhooks" },
  "DELETE /api/webhooks/:id": { summary: "Delete a webhook", access: "admin", tag: "Webhooks" },
  "POST /api/webhooks/:id/test": { summary: "Send a signed test event", access: "admin", tag: "Webhooks" },
  "GET /api/webhooks/:id/deliveries": { summary: "Recent deliveries and their attempts", access: "admin", tag: "Webhooks" },
  "GET /api/api-keys": { summary: "API keys (prefix only, never the key)", access: "admin", tag: "API keys" },
  "POST /api/api-keys": { summary: "Create an API key; answers the full key once", access: "admin", tag: "API keys" },
  "DELETE /api/api-keys/:id": { summary: "Revoke an API key", access: "admin", tag: "API keys" },
  "GET /api/integrations": { summary: "Alert integrations (Slack, Discord, webhook, e-mail)", access: "admin", tag: "Integrations" },
  "POST /api/integrations": { summary: "Add an integration", access: "admin", tag: "Integrations" },
  "PATCH /api/integrations/:id": { summary: "Change an integration or switch it on or off", access: "admin", tag: "Integrations" },
  "DELETE /api/integrations/:id": { summary: "Delete an integration", access: "admin", tag: "Integrations" },
  "GET /api/custom-metrics": { summary: "Custom metrics with their latest values", access: "logs:read", tag: "Analytics" },
  "POST /api/custom-metrics": {
    summary: "Create a custom SQL metric (sandboxed to the organization's logs)",
    access: "admin",
    tag: "Analytics",
    errors: { 409: "`limit_reached`: the organization already has the most custom metrics it may have; delete one to add another" },
  },
  "POST /api/custom-metrics/:id/refresh": { summary: "Recompute a custom metric now", access: "admin", tag: "Analytics" },
  "DELETE /api/custom-metrics/:id": { summary: "Delete a custom metric", access: "admin", tag: "Analytics" },
  "GET /api/settings": { summary: "Organization settings", access: "logs:read", tag: "Settings" },
  "PUT /api/settings": { summary: "Save organization settings", access: "admin", tag: "Settings" },
  "POST /api/settings/rotate-key": { summary: "Replace the caller's API key; answers the new key once", access: "admin", tag: "Settings" },
  "GET /api/team": { summary: "Team members with role and activity", access: "users:read", tag: "Team" },
  "POST /api/team/invite": { summary: "Invite a member; answers their key once", access: "admin", tag: "Team" },
  "PATCH /api/team/:id": { summary: "Change a member's role", access: "admin", tag: "Team" },
  "DELETE /api/team/:id": { summary: "Remove a member", access: "admin", tag: "Team" },
  "DELETE /api/data": { summary: "Delete all logs, alerts and analytics (body confirms the organization name)", access: "admin", tag: "Settings" },
  "GET /api/openapi.json": { summary: "This document", access: "none", tag: "Account" },
  "GET /api/logs/:id/feedback": { summary: "The operator's verdict on a log, or null", access: "logs:read", tag: "Feedback" },
  "PUT /api/logs/:id/feedback": { summary: "Mark a flag as confirmed or a false alarm, or a safe log as missed", access: "alerts:write", tag: "Feedback" },
  "DELETE /api/logs/:id/feedback": { summary: "Remove the verdict on a log", access: "alerts:write", tag: "Feedback" },
  "GET /api/feedback/summary": { summary: "Precision estimate of reviewed flags, overall and per reason", access: "logs:read", tag: "Feedback" },
  "GET /api/feedback/export": { summary: "Stream the verdicts with their prompts as JSON Lines (for retraining)", access: "logs:read", tag: "Feedback" },
  "POST /api/gateway/v1/chat/completions": {
    summary: "OpenAI-compatible chat completions: forwarded to the provider (streamed or not) and logged; flagged prompts blocked per gatewayBlock",
    access: "logs:write",
    tag: "Gateway",
    // Authorization is the caller's provider credential, passed through; our key is X-PromptSentry-Key.
    security: [{ gatewayKey: [] }],
    errors: {
      400: "content_flagged: the prompt met the organization's gatewayBlock and was not sent (OpenAI error shape); invalid_upstream: the upstream URL is refused by the outbound policy",
      502: "upstream_unreachable: the provider could not be reached",
    },
  },
};

const CREDENTIALS = [{ bearerKey: [] }, { queryKey: [] }, { session: [] }];

/**
 * Fields made with `required()` are optional to valibot (so a missing one reports its own message);
 * the document lists them as required, without the placeholder default.
 */
export function documentRequiredFields({ valibotSchema, jsonSchema }: OverrideSchemaContext) {
  const entries = (valibotSchema as { entries?: Record<string, { type: string }> }).entries;
  if (!entries || jsonSchema.type !== "object") return undefined;
  const optional = new Set(["optional", "exact_optional", "nullish", "undefinedable"]);
  const required = Object.keys(entries).filter((k) => requiredFields.has(entries[k]) || !optional.has(entries[k].type));
  const properties = { ...(jsonSchema.properties ?? {}) };
  for (const key of required) {
    const prop = properties[key];
    if (prop && typeof prop === "object" && "default" in prop) {
      const { default: _placeholder, ...rest } = prop;
      properties[key] = rest;
    }
  }
  return { ...jsonSchema, properties, required };
}

/** The one error envelope (DESIGN §4). */
const ERROR_ENVELOPE: OpenAPIV3_1.SchemaObject = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: { type: "string", examples: ["validation_failed"] },
        message: { type: "string", examples: ["Prompt is required"] },
        issues: { type: "object", additionalProperties: { type: "array", items: { type: "string" } }, description: "Messages per dotted field path" },
      },
    },
  },
};

const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

export async function openApiDocument(app: Hono<AppEnv>) {
  const doc = await generateSpecs(app, {
    includeEmptyPaths: true,
    excludeStaticFile: false, // "openapi.json" is a route, not a static file
    defaultValidationErrorResponse: {
      description: "Validation failed: the first message, and every message per field in `issues`",
      content: { "application/json": { schema: ERROR_ENVELOPE } },
    },
    documentation: {
      openapi: "3.1.0",
      info: {
        title: "PromptSentry API",
        version: "1.0.0",
        description:
          "Log prompts and responses, read their safety flags, alerts and analytics. Errors answer `{error: {code, message, issues?}}`.",
      },
      components: {
        securitySchemes: {
          bearerKey: { type: "http", scheme: "bearer", description: "An API key: `Authorization: Bearer pk_live_…`" },
          queryKey: {
            type: "apiKey",
            in: "query",
            name: "apiKey",
            description:
              "Deprecated: the API key as `?apiKey=` (the spec's dashboard calls). URLs end up in request traces, proxy and CDN logs, browser history and Referer headers, so a key in one leaks; answers carry a `Deprecation` header. Send `Authorization: Bearer` instead.",
          },
          session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "The dashboard's session, from POST /api/session" },
          gatewayKey: {
            type: "apiKey",
            in: "header",
            name: GATEWAY_KEY_HEADER,
            description: "An API key on gateway routes, where `Authorization` is the caller's provider credential (passed through, never stored)",
          },
        },
      },
    },
  });
  for (const [key, op] of Object.entries(OPERATIONS)) {
    const [method, path] = key.split(" ");
    const item = doc.paths?.[toOpenApiPath(path)] as Record<string, Record<string, unknown>> | undefined;
    const operation = item?.[method.toLowerCase()];
    if (!operation) continue;
    operation.summary = op.summary;
    operation.tags = [op.tag];
    operation.security = op.security ?? (op.access === "none" ? [] : CREDENTIALS);
    if (op.access !== "none") operation.description = `Needs the \`${op.access}\` permission (\`admin\` implies every permission).`;
    const responses = (operation.responses ??= {}) as Record<string, OpenAPIV3_1.ResponseObject>;
    for (const [status, description] of Object.entries(op.errors ?? {})) {
      responses[status] = { description, content: { "application/json": { schema: ERROR_ENVELOPE } } };
    }
  }
  return doc;
}

let cached: ReturnType<typeof openApiDocument> | undefined;

/** The document is the same for every request of an isolate: built once, served with the caller's origin. */
export async function servedOpenApiDocument(app: Hono<AppEnv>, origin: string) {
  cached ??= openApiDocument(app);
  return { ...(await cached), servers: [{ url: origin }] };
}
