// @promptsentry/sdk: batched, retried, idempotent prompt logging with zero runtime dependencies.
export { PromptSentry } from "./client.js";
export { wrapOpenAI } from "./openai.js";
export { wrapAnthropic } from "./anthropic.js";
export { promptText, type LogSink, type WrapOptions } from "./wrap.js";
export { openAiTurns, CONVERSATION_LIMITS, type ConversationMessage, type ConversationPart, type ToolCall } from "./conversation.js";
export { PromptSentryError, type ErrorKind, type LogEntry, type PromptSentryOptions, type PromptSentryStats } from "./types.js";
export { retryAfterMs, backoffMs, isRetryableStatus } from "./backoff.js";
export { DEFAULTS, SERVER_BATCH_MAX_LOGS, SERVER_MAX_BATCH_BODY_BYTES } from "./limits.js";
