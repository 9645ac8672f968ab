// OpenAI's chat completions wire (`POST /chat/completions`): the conversation reader of
// request-text.ts, the answer readers of chat-log.ts, OpenAI's error body and stream error event.
import { answerOfCompletion, answerOfTruncatedCompletion, StreamAnswer } from "./chat-log";
import { openAiError } from "./errors";
import { chatConversation, KNOWN_PART_TYPES } from "./request-text";
import { chatTurns } from "./turns";
import { OPENAI_REQUEST_HEADERS, OPENAI_RESPONSE_HEADERS } from "./upstream";
import type { ErrorBody, Wire } from "./wire";

/** OpenAI's error body with our fields kept (`code`, `message`, `issues`), so both readers work. */
export const openAiErrorBody: ErrorBody = (status, error) => ({ error: { ...openAiError(status, error.code, error.message), ...error } });

export const openAiChatWire: Wire = {
  provider: "openai",
  conversation: chatConversation,
  turns: (body) => chatTurns(body.messages),
  knownParts: KNOWN_PART_TYPES,
  answerOf: answerOfCompletion,
  answerOfTruncated: answerOfTruncatedCompletion,
  streamReader: () => new StreamAnswer(),
  errorBody: openAiErrorBody,
  // What OpenAI sends when a stream fails: the official clients raise APIError on a `data.error`.
  streamError: (status, code, message) => `data: ${JSON.stringify({ error: openAiError(status, code, message) })}\n\n`,
  forwardedHeaders: OPENAI_REQUEST_HEADERS,
  returnedHeaders: OPENAI_RESPONSE_HEADERS,
};
