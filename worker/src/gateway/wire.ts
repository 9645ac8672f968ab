// A provider's wire format, as the gateway's shared machinery (call.ts, relay.ts, answer-tap.ts,
// errors.ts) needs it: how to read the conversation out of a request, an answer (JSON, streamed or cut
// short) out of the provider's body, which headers cross in each direction, and the error body its
// official clients read. Each provider's pieces are pure modules under gateway/<provider>/.
import type { Conversation as Turns } from "@promptsentry/schema/conversation";
import type { Answer } from "./chat-log";
import type { Conversation, Obj } from "./request-text";
import type { ReturnedHeaders } from "./upstream";

/** Assembles a streamed answer from its server-sent events, as they arrive. */
export interface StreamReader {
  /** One event's data and name; answers whether it carried answer content (the first such is "first token"). */
  feed(data: string, event?: string): boolean;
  result(): Answer;
}

/** One server-sent event's data as a JSON object, or null (a comment, `[DONE]`, anything else). */
export function eventObject(data: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The body of an error answer in the provider's shape, carrying our code, message and issues too. */
export type ErrorBody = (status: number, error: { code: string; message: string; issues?: unknown }) => unknown;

export interface Wire {
  /** `metadata.gateway.provider` of the logs. */
  provider: "openai" | "openai-responses" | "anthropic" | "gemini";
  /** The request's conversation as role/text blocks (the fields it renders are consumed). */
  conversation: Conversation;
  /**
   * The request's messages as structured turns for the details dialog (schema/conversation.ts), or
   * null past the conversation bounds; a wire without it logs the flattened prompt only.
   */
  turns?: (body: Obj) => Turns | null;
  /** Content parts the conversation reads; with the guardrail on, any other part is refused. */
  knownParts: readonly string[];
  /** A whole JSON answer. */
  answerOf(body: unknown): Answer;
  /** The first bytes of a JSON answer (past the log's cap, or broken off). */
  answerOfTruncated(head: string): Answer;
  streamReader(): StreamReader;
  errorBody: ErrorBody;
  /** A whole server-sent event that ends a broken stream, so the official clients raise an error. */
  streamError(status: number, code: string, message: string): string;
  /** Request headers passed to the provider (its credential among them, never stored). */
  forwardedHeaders: readonly string[];
  returnedHeaders: ReturnedHeaders;
}
