// Request validation with valibot through hono-openapi's Standard Schema validator, which also records
// each route's query, path and body schemas for GET /api/openapi.json. Every failure becomes a 400
// envelope whose `issues` map dotted field paths to the spec's messages.
import { validator } from "hono-openapi";
import type { MiddlewareHandler } from "hono";
import * as v from "valibot";
import { badRequest, type Issues } from "./errors";
import { documentRequiredFields } from "./openapi";

type Target = "json" | "query" | "param";

export function issuesOf(issues: readonly v.BaseIssue<unknown>[]): Issues {
  const out: Issues = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? "_root";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export function firstMessage(issues: Issues): string {
  const first = Object.values(issues)[0];
  return first?.[0] ?? "Invalid input";
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** A JSON body must say so: without the header hono would validate `{}` and hide the real mistake. */
export const requireJsonBody: MiddlewareHandler = async (c, next) => {
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim();
  if (!JSON_TYPE.test(type)) throw badRequest("Content-Type must be application/json", undefined, "invalid_content_type");
  await next();
};

export function validate<T extends Target, S extends v.GenericSchema | v.GenericSchemaAsync>(target: T, schema: S) {
  return validator(
    target,
    schema,
    (result) => {
      if (!result.success) {
        const issues = issuesOf(result.error as readonly v.BaseIssue<unknown>[]);
        throw badRequest(firstMessage(issues), issues);
      }
    },
    // For the OpenAPI document only (@valibot/to-json-schema options).
    { options: { overrideSchema: documentRequiredFields } },
  );
}

/** JSON body validation: content type check + parse + schema. */
export function jsonBody<S extends v.GenericSchema | v.GenericSchemaAsync>(schema: S) {
  return [requireJsonBody, validate("json", schema)] as const;
}
