// Request validation with valibot through hono-openapi's Standard Schema validator, which also records
// each route's query, path and body schemas for GET /api/openapi.json. Every failure becomes a 400
// envelope whose `issues` map dotted field paths to the spec's messages.
import { validator } from "hono-openapi";
import type { MiddlewareHandler } from "hono";
import * as v from "valibot";
import { issueText } from "@promptsentry/schema/issue-text";
import { badRequest, type Issues } from "./errors";
import { documentRequiredFields } from "./openapi";

type Target = "json" | "query" | "param";

export function issuesOf(issues: readonly v.BaseIssue<unknown>[]): Issues {
  const out: Issues = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? "_root";
    (out[key] ??= []).push(issueText(issue));
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

/** In `u` mode a surrogate pair is one code point, so only an unpaired half matches. */
const UNPAIRED_SURROGATE = /\p{Cs}/u;
export const ILL_FORMED_TEXT = "Text must be valid Unicode (no unpaired surrogate code points)";

/** The dotted path of a key or string value of a parsed JSON body that is not well-formed Unicode, or null. */
export function illFormedTextPath(body: unknown): string | null {
  const stack: [unknown, string][] = [[body, ""]];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === "string") {
      if (UNPAIRED_SURROGATE.test(value)) return path || "_root";
    } else if (value && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (UNPAIRED_SURROGATE.test(key)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/**
 * D1 stores text as UTF-8: an unpaired surrogate (valid in a JSON escape, `"\ud800"`) would be
 * stored as bytes that read back as U+FFFD garbage, so what we answered and what we stored would
 * differ. Refused for every JSON body before any schema or handler sees it. Malformed JSON is left
 * to the validator, which answers it (the parsed body is cached by Hono, not parsed twice).
 */
export const requireWellFormedText: MiddlewareHandler = async (c, next) => {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return next();
  }
  const path = illFormedTextPath(body);
  if (path) throw badRequest(ILL_FORMED_TEXT, { [path]: [ILL_FORMED_TEXT] });
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

/** JSON body validation: content type check + parse + well-formed text + schema. */
export function jsonBody<S extends v.GenericSchema | v.GenericSchemaAsync>(schema: S) {
  return [requireJsonBody, requireWellFormedText, validate("json", schema)] as const;
}
