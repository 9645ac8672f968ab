// Gemini's generateContent wire (`POST /v1beta/models/{model}:generateContent` and
// `:streamGenerateContent`): Google's error body `{error: {code, message, status, details}}` (our code
// as the ErrorInfo reason, since Google's `code` is the HTTP status), the stream error chunk the
// official client raises ApiError on, and the headers each way (the key as `x-goog-api-key`).
import { COMMON_RESPONSE_HEADERS, upstreamUrl } from "../upstream";
import type { ErrorBody, Wire } from "../wire";
import { answerOfGenerate, answerOfTruncatedGenerate, GeminiStream } from "./answer";
import { GEMINI_PART_KINDS, geminiConversation } from "./request";

const STATUSES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  413: "INVALID_ARGUMENT",
  415: "INVALID_ARGUMENT",
  429: "RESOURCE_EXHAUSTED",
  502: "UNAVAILABLE",
  503: "UNAVAILABLE",
  504: "DEADLINE_EXCEEDED",
};
export const googleStatus = (status: number) => STATUSES[status] ?? "INTERNAL";

/** Where our error code goes in Google's shape: an ErrorInfo detail. */
export const ERROR_DOMAIN = "promptsentry.gateway";

export const geminiErrorBody: ErrorBody = (status, { code, message, issues }) => ({
  error: {
    code: status,
    message,
    status: googleStatus(status),
    details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: code, domain: ERROR_DOMAIN }],
    ...(issues ? { issues } : {}),
  },
});

/** The generateContent methods the gateway forwards. */
export const GEMINI_METHODS = ["generateContent", "streamGenerateContent"] as const;

export const geminiWire: Wire = {
  provider: "gemini",
  conversation: geminiConversation,
  knownParts: GEMINI_PART_KINDS,
  answerOf: answerOfGenerate,
  answerOfTruncated: answerOfTruncatedGenerate,
  streamReader: () => new GeminiStream(),
  errorBody: geminiErrorBody,
  streamError: (status, code, message) => `data: ${JSON.stringify(geminiErrorBody(status, { code, message }))}\r\n\r\n`,
  forwardedHeaders: ["x-goog-api-key", "authorization", "x-goog-user-project", "accept"],
  returnedHeaders: { names: COMMON_RESPONSE_HEADERS, prefixes: [] },
};

/** `<base>/v1beta/models/<model>:<method>` (`?alt=sse` kept): the base is what the official client takes as baseUrl. */
export function generateUrl(base: URL, model: string, method: string, sse: boolean): string {
  const url = new URL(upstreamUrl(base, `/v1beta/models/${encodeURIComponent(model)}:${method}`));
  if (sse) url.searchParams.set("alt", "sse");
  return url.toString();
}
