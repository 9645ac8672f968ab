// Errors of gateway routes in OpenAI's shape as well as ours: `{error: {message, type, code, param}}`
// keeps our `code` and `message` (and `issues`), and adds the `type` and `param` OpenAI clients read.
import type { ErrorHandler } from "hono";
import { onError } from "../errors";

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

export const gatewayOnError: ErrorHandler = async (err, c) => {
  const ours = await onError(err, c);
  const body = (await ours.json()) as { error: Record<string, unknown> };
  const error = { ...openAiError(ours.status, String(body.error.code), String(body.error.message)), ...body.error };
  const headers = new Headers(ours.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify({ error }), { status: ours.status, headers });
};
