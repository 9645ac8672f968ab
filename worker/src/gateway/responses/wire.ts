// OpenAI's Responses wire (`POST /responses`): OpenAI's headers and error body, as chat completions;
// a broken stream ends with Responses' `event: error` (which carries `error` too, what the official
// clients raise APIError on).
import { openAiError } from "../errors";
import { openAiErrorBody } from "../openai-chat";
import { OPENAI_REQUEST_HEADERS, OPENAI_RESPONSE_HEADERS, upstreamUrl } from "../upstream";
import type { Wire } from "../wire";
import { answerOfResponse, answerOfTruncatedResponse, ResponsesStream } from "./answer";
import { RESPONSES_KNOWN_PARTS, responsesConversation } from "./request";

export const responsesWire: Wire = {
  provider: "openai-responses",
  conversation: responsesConversation,
  knownParts: RESPONSES_KNOWN_PARTS,
  answerOf: answerOfResponse,
  answerOfTruncated: answerOfTruncatedResponse,
  streamReader: () => new ResponsesStream(),
  errorBody: openAiErrorBody,
  streamError: (status, code, message) => {
    const error = openAiError(status, code, message);
    return `event: error\ndata: ${JSON.stringify({ type: "error", code, message, param: null, error })}\n\n`;
  },
  forwardedHeaders: OPENAI_REQUEST_HEADERS,
  returnedHeaders: OPENAI_RESPONSE_HEADERS,
};

/** `<base>/responses`, from the organization's OpenAI base URL (`https://api.openai.com/v1`). */
export const responsesUrl = (base: URL) => upstreamUrl(base, "/responses");
