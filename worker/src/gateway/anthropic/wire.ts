// Anthropic's Messages wire (`POST /v1/messages`): its error body `{type: "error", error: {type,
// message}}` (ours adds `code` and `issues`), its stream's `event: error`, the headers its clients
// send (`x-api-key`, `anthropic-version`, `anthropic-beta`) and read (`request-id`, `anthropic-*`).
import { COMMON_RESPONSE_HEADERS, upstreamUrl } from "../upstream";
import type { ErrorBody, Wire } from "../wire";
import { AnthropicStream, answerOfMessage, answerOfTruncatedMessage } from "./answer";
import { ANTHROPIC_BLOCK_TYPES, anthropicConversation } from "./request";

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  415: "invalid_request_error",
  429: "rate_limit_error",
  504: "timeout_error",
  529: "overloaded_error",
};
export const anthropicErrorType = (status: number) => ERROR_TYPES[status] ?? "api_error";

export const anthropicErrorBody: ErrorBody = (status, error) => ({ type: "error", error: { type: anthropicErrorType(status), ...error } });

export const anthropicWire: Wire = {
  provider: "anthropic",
  conversation: anthropicConversation,
  knownParts: ANTHROPIC_BLOCK_TYPES,
  answerOf: answerOfMessage,
  answerOfTruncated: answerOfTruncatedMessage,
  streamReader: () => new AnthropicStream(),
  errorBody: anthropicErrorBody,
  // The official clients raise APIError on `event: error`.
  streamError: (status, code, message) => `event: error\ndata: ${JSON.stringify(anthropicErrorBody(status, { code, message }))}\n\n`,
  forwardedHeaders: ["x-api-key", "authorization", "anthropic-version", "anthropic-beta", "idempotency-key", "accept"],
  returnedHeaders: { names: [...COMMON_RESPONSE_HEADERS, "request-id"], prefixes: ["anthropic-"] },
};

/** `<base>/v1/messages`: the base is what the official clients take as baseURL (`https://api.anthropic.com`). */
export const messagesUrl = (base: URL) => upstreamUrl(base, "/v1/messages");
