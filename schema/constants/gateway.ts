// The OpenAI-compatible gateway with guardrails: blocking levels, headers and limits (docs/gateway.md).
import type { FlagStatus } from "./flags";

/** Where the gateway forwards chat completions when the organization set no `gatewayUpstream`. */
export const DEFAULT_GATEWAY_UPSTREAM = "https://api.openai.com/v1";
/** Where Anthropic Messages calls go without `gatewayAnthropicUpstream` (the gateway appends `/v1/messages`). */
export const DEFAULT_ANTHROPIC_UPSTREAM = "https://api.anthropic.com";
/** Where Gemini calls go without `gatewayGeminiUpstream` (the gateway appends `/v1beta/models/…`). */
export const DEFAULT_GEMINI_UPSTREAM = "https://generativelanguage.googleapis.com";
/**
 * Settings → `gatewayBlock`: the lowest flag at which the gateway refuses a prompt before the
 * provider sees it (`off` never refuses; `warning` refuses warning and critical).
 */
export const GATEWAY_BLOCK_LEVELS = ["off", "critical", "warning"] as const;
export type GatewayBlockLevel = (typeof GATEWAY_BLOCK_LEVELS)[number];
export const DEFAULT_GATEWAY_BLOCK: GatewayBlockLevel = "off";
export const GATEWAY_BLOCK_LABELS: Record<GatewayBlockLevel, string> = {
  off: "Off: log every prompt, block none",
  critical: "Critical: block prompts flagged critical",
  warning: "Warning: block prompts flagged warning or critical",
};
/** Flags each level blocks. */
export const GATEWAY_BLOCKED_FLAGS: Record<GatewayBlockLevel, readonly FlagStatus[]> = {
  off: [],
  critical: ["critical"],
  warning: ["warning", "critical"],
};
/** Our key on gateway calls (the caller's `Authorization` belongs to the provider). */
export const GATEWAY_KEY_HEADER = "X-PromptSentry-Key";
/** Per-request override of the organization's upstream base URL. */
export const GATEWAY_UPSTREAM_HEADER = "X-PromptSentry-Upstream";
/** The `source` of logs the gateway stores. */
export const GATEWAY_SOURCE = "gateway";
/** Badge text of a log the gateway refused to forward. */
export const BLOCKED_LABEL = "Blocked";
/** The OpenAI-style error code of a refused prompt. */
export const GATEWAY_FLAGGED_CODE = "content_flagged";
/**
 * Bytes of one provider answer the gateway's log reads (docs/gateway.md#limits). The client gets the
 * whole answer as it arrives; the log stops reading here and is stored marked `truncated`, so an
 * answer of any size holds at most this much (plus its parse) in the isolate. 2 MiB covers a JSON
 * answer whose text fills MAX_TEXT_CHARS in any script, and a stream of about 9,000 tokens' chunks.
 */
export const GATEWAY_LOG_MAX_BYTES = 2 * 1024 * 1024;
/**
 * How long the gateway waits for the provider's response headers (a non-streamed answer's headers
 * come when the whole answer is written, so this bounds its generation too) before answering 504
 * `upstream_timeout`. The binding of the same name overrides it (tests set it small).
 */
export const GATEWAY_HEADERS_TIMEOUT_MS = 300_000;
/**
 * Longest silence between two reads of the provider's body: past it the answer is ended (a stream
 * with an error event) and logged as far as it came. Overridable by the binding of the same name.
 */
export const GATEWAY_IDLE_TIMEOUT_MS = 120_000;
