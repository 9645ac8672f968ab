// What the convention readers extract from one span, before it becomes a log input.
import type { Attrs } from "../attributes";
import type { ChatMessage } from "../messages";

export type SpanEvent = { name: string; attrs: Attrs };
export type SpanView = { name: string; attrs: Attrs; events: SpanEvent[] };

export type ModelCall = {
  /** Which convention recognised the span (kept in metadata, for support questions). */
  convention: "gen_ai" | "openllmetry" | "openinference" | "vercel_ai";
  model?: string;
  provider?: string;
  operation?: string;
  input: ChatMessage[];
  output: ChatMessage[];
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  conversationId?: string;
  /** A user id the convention itself carries (the span's `user.id` / `enduser.id` come first). */
  userId?: string;
};
