// GET /api/openapi.json: the API described as OpenAPI 3.1, generated from the routes themselves.
// Each route carries its own operation: summary, tag, permission and answer schema from `guard()` or
// `publicRoute()` (middleware/guard.ts, schemas from schema/responses), query, path and body schemas
// from its valibot validators (validate.ts). openapi.test.ts checks that every route is documented and
// that the permission shown is the one enforced. How to add a route: docs/api.md.
import { toJsonSchema, type OverrideSchemaContext } from "@valibot/to-json-schema";
import type { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import type { OpenAPIV3_1 } from "openapi-types";
import { GATEWAY_KEY_HEADER } from "@promptsentry/schema/constants/gateway";
import { SESSION_COOKIE, type Permission } from "@promptsentry/schema/constants/access";
import { errorEnvelopeSchema } from "@promptsentry/schema/responses";
import { requiredFields } from "@promptsentry/schema/requests/fields";
import type { AppEnv } from "./env";

/** The document's sections; every operation names one. */
export const TAGS = [
  "Account",
  "Ingestion",
  "Logs",
  "Analytics",
  "Alerts",
  "Webhooks",
  "API keys",
  "Integrations",
  "Settings",
  "Team",
  "Feedback",
  "Gateway",
  "Audit",
] as const;
export type Tag = (typeof TAGS)[number];

/** Who may call an operation: a permission, or anyone. */
export type Access = Permission | "none";

/** The operation's access, machine-readable (openapi.test.ts compares it with what is enforced). */
export const ACCESS_EXTENSION = "x-permission";

/** Any of the three ways to present credentials (components.securitySchemes below). */
export const CREDENTIALS: OpenAPIV3_1.SecurityRequirementObject[] = [{ bearerKey: [] }, { queryKey: [] }, { session: [] }];

/** Gateway routes: `Authorization` is the caller's provider credential (passed through), our key is its own header. */
export const GATEWAY_CREDENTIALS: OpenAPIV3_1.SecurityRequirementObject[] = [{ gatewayKey: [] }];

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

/** The one error envelope (docs/api.md#errors), from the same schema errors.ts renders. */
const ERROR_ENVELOPE = toJsonSchema(errorEnvelopeSchema) as OpenAPIV3_1.SchemaObject;

/** An error answer: the envelope, and when it happens. */
export const errorResponse = (description: string): OpenAPIV3_1.ResponseObject => ({
  description,
  content: { "application/json": { schema: ERROR_ENVELOPE } },
});

export function openApiDocument(app: Hono<AppEnv>) {
  return generateSpecs(app, {
    includeEmptyPaths: true,
    excludeStaticFile: false, // "openapi.json" is a route, not a static file
    defaultValidationErrorResponse: errorResponse("Validation failed: the first message, and every message per field in `issues`"),
    documentation: {
      openapi: "3.1.0",
      tags: TAGS.map((name) => ({ name })),
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
            description:
              "An API key on gateway routes, where `Authorization` is the caller's provider credential (passed through, never stored)",
          },
        },
      },
    },
  });
}

let cached: ReturnType<typeof openApiDocument> | undefined;

/** The document is the same for every request of an isolate: built once, served with the caller's origin. */
export async function servedOpenApiDocument(app: Hono<AppEnv>, origin: string) {
  cached ??= openApiDocument(app);
  return { ...(await cached), servers: [{ url: origin }] };
}
