// Route docs on the route. `guard(permission, doc)` is a route's permission check and its OpenAPI
// operation in one, built from the same value, so the permission GET /api/openapi.json shows is the
// one enforced; `publicRoute(doc)` documents a route that needs no credentials. Answers are described
// by the response schemas in schema/responses, which the handler's serializer returns.
// Adding a route: docs/api.md.
import { describeRoute, resolver, type DescribeRouteOptions } from "hono-openapi";
import type { OpenAPIV3_1 } from "openapi-types";
import * as v from "valibot";
import type { Permission } from "@promptsentry/schema/constants/access";
import { ACCESS_EXTENSION, CREDENTIALS, errorResponse, type Access, type Tag } from "../openapi";
import { requirePermission } from "./auth";

type Responses = NonNullable<DescribeRouteOptions["responses"]>;

/** A JSON answer in the shape of `schema` (one of schema/responses). */
export const json = (schema: v.GenericSchema, status: 200 | 201 | 202 = 200, description = "OK"): Responses => ({
  [status]: { description, content: { "application/json": { schema: resolver(schema) } } },
});

/** A JSON array of `schema` items. */
export const list = (schema: v.GenericSchema, description = "OK"): Responses => json(v.array(schema), 200, description);

/** 204 without a body. */
export const noContent = (description = "Done; no body"): Responses => ({ 204: { description } });

/** A streamed file download in one of `mediaTypes`. */
export const download = (mediaTypes: string[], description: string): Responses => ({
  200: { description, content: Object.fromEntries(mediaTypes.map((media) => [media, { schema: { type: "string" } }])) },
});

export type RouteDoc = {
  summary: string;
  tag: Tag;
  /** The success answer: `json(schema)`, `noContent()` or `download(…)`. */
  answers: Responses;
  /** Statuses the route answers besides validation and auth failures, with when (`code`: meaning). */
  errors?: Record<number, string>;
  /** How credentials are presented, when not the usual three (the gateway: GATEWAY_CREDENTIALS). */
  security?: OpenAPIV3_1.SecurityRequirementObject[];
};

function operation(doc: RouteDoc, access: Access): DescribeRouteOptions {
  const responses: Responses = { ...doc.answers };
  if (access !== "none") {
    responses[401] = errorResponse("No valid API key or session (`unauthorized`)");
    responses[403] = errorResponse(`The credentials lack the \`${access}\` permission (\`forbidden\`)`);
  }
  for (const [status, description] of Object.entries(doc.errors ?? {})) responses[status] = errorResponse(description);
  const op: DescribeRouteOptions & Record<typeof ACCESS_EXTENSION, Access> = {
    summary: doc.summary,
    tags: [doc.tag],
    security: access === "none" ? [] : (doc.security ?? CREDENTIALS),
    [ACCESS_EXTENSION]: access,
    responses,
  };
  if (access !== "none") op.description = `Needs the \`${access}\` permission (\`admin\` implies every permission).`;
  return op;
}

/** The permission check and the route's doc, spread first among its handlers: `.get("/", ...guard("logs:read", {…}), …)`. */
export const guard = (permission: Permission, doc: RouteDoc) =>
  [describeRoute(operation(doc, permission)), requirePermission(permission)] as const;

/** A route anyone may call: documented with no security requirement. */
export const publicRoute = (doc: RouteDoc) => describeRoute(operation(doc, "none"));
