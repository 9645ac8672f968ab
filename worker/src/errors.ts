// One error type and one renderer (docs/api.md#errors): handlers throw ApiError; `onError` writes the envelope.
import type { ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorEnvelope } from "@promptsentry/schema/responses";

export type Issues = Record<string, string[]>;

export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly issues?: Issues,
    readonly headers?: Record<string, string>,
  ) {
    super(status, { message });
  }
}

export const badRequest = (message: string, issues?: Issues, code = "validation_failed") => new ApiError(400, code, message, issues);
export const unauthorized = (message = "A valid API key or session is required") => new ApiError(401, "unauthorized", message);
export const forbidden = (permission: string) => new ApiError(403, "forbidden", `This key lacks the '${permission}' permission`);
export const notFound = (what = "Resource") => new ApiError(404, "not_found", `${what} not found`);
export const conflict = (message: string) => new ApiError(409, "conflict", message);
export const tooMany = (message: string, retryAfterSeconds: number, code = "rate_limited") =>
  new ApiError(429, code, message, undefined, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** Codes for the framework's own HTTPExceptions (malformed JSON, body limit, …). */
const CODE_BY_STATUS: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
};

export function errorBody(code: string, message: string, issues?: Issues, reference?: string): ErrorEnvelope {
  return { error: { code, message, ...(issues ? { issues } : {}), ...(reference ? { reference } : {}) } };
}

export const onError: ErrorHandler = (err, c) => {
  if (err instanceof ApiError) {
    return c.json(errorBody(err.code, err.message, err.issues), err.status, err.headers);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    return c.json(errorBody(CODE_BY_STATUS[status] ?? "error", err.message || "Request failed"), status);
  }
  // The answer names the log line (Cloudflare's ray id where there is one), so support can find the bug from a screenshot.
  const reference = c.req.header("cf-ray") ?? crypto.randomUUID().slice(0, 8);
  console.error("unhandled error", reference, c.req.method, c.req.path, err);
  return c.json(errorBody("internal_error", "Something went wrong on our side", undefined, reference), 500);
};

export const onNotFound: NotFoundHandler = (c) => c.json(errorBody("not_found", `No route for ${c.req.method} ${c.req.path}`), 404);
