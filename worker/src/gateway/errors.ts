// Errors of gateway routes in the shape of the provider the route speaks: our `code`, `message` (and
// `issues`) rendered once by the app's onError, then put into the wire's error body (OpenAI's
// `{error: {message, type, code, param}}` keeps ours and adds the `type` and `param` its clients read).
import type { ErrorHandler } from "hono";
import { onError } from "../errors";
import type { ErrorBody } from "./wire";

const OPENAI_ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "invalid_request_error",
  415: "invalid_request_error",
  429: "rate_limit_error",
};

export const openAiErrorType = (status: number) => OPENAI_ERROR_TYPES[status] ?? "api_error";

/** OpenAI's error object for a status: what its clients read from a body or a stream's error event. */
export const openAiError = (status: number, code: string, message: string) => ({
  message,
  type: openAiErrorType(status),
  code,
  param: null,
});

/** The error handler of a route speaking a wire whose error body is `errorBody`. */
export const wireOnError =
  (errorBody: ErrorBody): ErrorHandler =>
  async (err, c) => {
    const ours = await onError(err, c);
    const body = (await ours.json()) as { error: { code: string; message: string; issues?: unknown } };
    const headers = new Headers(ours.headers);
    headers.delete("content-length");
    return new Response(JSON.stringify(errorBody(ours.status, body.error)), { status: ours.status, headers });
  };
