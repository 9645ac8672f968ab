// The OpenAI-compatible gateway: its settings and the part of a chat completion request it reads
// (docs/gateway.md).
import * as v from "valibot";
import { GATEWAY_BLOCK_LEVELS } from "../constants/gateway";
import { httpUrl, MESSAGES, required } from "./fields";

export const GATEWAY_MESSAGES = {
  block: `Gateway blocking must be one of ${GATEWAY_BLOCK_LEVELS.join(", ")}`,
  upstream: "Gateway upstream must be an http(s) URL",
  allowOverride: "gatewayAllowUpstreamOverride must be true or false",
  messagesRequired: "messages must be a non-empty array",
  role: "Each message needs a role",
  content: "content must be a string, an array of content parts or null",
  inputRequired: "input must be a non-empty string or a non-empty array of items",
  contentsRequired: "contents must be a non-empty array",
} as const;
export const gatewaySettingsEntries = {
  gatewayBlock: v.optional(v.picklist(GATEWAY_BLOCK_LEVELS, GATEWAY_MESSAGES.block)),
  /** "" or null: back to DEFAULT_GATEWAY_UPSTREAM. */
  gatewayUpstream: v.optional(v.nullable(v.union([v.literal(""), httpUrl(GATEWAY_MESSAGES.upstream)], GATEWAY_MESSAGES.upstream))),
  /** The Anthropic and Gemini base URLs; "" or null: back to their defaults. */
  gatewayAnthropicUpstream: v.optional(v.nullable(v.union([v.literal(""), httpUrl(GATEWAY_MESSAGES.upstream)], GATEWAY_MESSAGES.upstream))),
  gatewayGeminiUpstream: v.optional(v.nullable(v.union([v.literal(""), httpUrl(GATEWAY_MESSAGES.upstream)], GATEWAY_MESSAGES.upstream))),
  gatewayAllowUpstreamOverride: v.optional(v.boolean(GATEWAY_MESSAGES.allowOverride)),
};

/**
 * The part of an OpenAI chat completion request the gateway reads. Loose: every other field (tools,
 * temperature, response_format, …) is forwarded to the provider as sent, never checked or dropped here.
 */
const chatMessage = v.looseObject({
  role: v.pipe(v.string(GATEWAY_MESSAGES.role), v.nonEmpty(GATEWAY_MESSAGES.role), v.maxLength(64, GATEWAY_MESSAGES.role)),
  content: v.optional(v.nullable(v.union([v.string(), v.array(v.looseObject({ type: v.string() }))], GATEWAY_MESSAGES.content))),
});
export const gatewayChatBody = v.looseObject({
  model: required(v.pipe(v.string(MESSAGES.modelRequired), v.trim(), v.nonEmpty(MESSAGES.modelRequired), v.maxLength(200))),
  messages: required(
    v.pipe(v.array(chatMessage, GATEWAY_MESSAGES.messagesRequired), v.minLength(1, GATEWAY_MESSAGES.messagesRequired)),
    null,
  ),
  stream: v.optional(v.nullable(v.boolean("stream must be true or false"))),
  user: v.optional(v.nullable(v.pipe(v.string("user must be a string"), v.maxLength(200)))),
});
export type GatewayChatInput = v.InferOutput<typeof gatewayChatBody>;

const gatewayModel = required(v.pipe(v.string(MESSAGES.modelRequired), v.trim(), v.nonEmpty(MESSAGES.modelRequired), v.maxLength(200)));
const gatewayStream = v.optional(v.nullable(v.boolean("stream must be true or false")));
const contentBlocks = v.array(v.looseObject({ type: v.string("Each content block needs a type") }), GATEWAY_MESSAGES.content);

/** An Anthropic Messages request, as far as the gateway reads it (the rest is forwarded as sent). */
export const gatewayAnthropicBody = v.looseObject({
  model: gatewayModel,
  messages: required(
    v.pipe(
      v.array(
        v.looseObject({
          role: v.pipe(v.string(GATEWAY_MESSAGES.role), v.nonEmpty(GATEWAY_MESSAGES.role), v.maxLength(64, GATEWAY_MESSAGES.role)),
          content: v.union([v.string(), contentBlocks], "content must be a string or an array of content blocks"),
        }),
        GATEWAY_MESSAGES.messagesRequired,
      ),
      v.minLength(1, GATEWAY_MESSAGES.messagesRequired),
    ),
    null,
  ),
  system: v.optional(v.nullable(v.union([v.string(), contentBlocks], "system must be a string or an array of text blocks"))),
  stream: gatewayStream,
  metadata: v.optional(
    v.nullable(v.looseObject({ user_id: v.optional(v.nullable(v.pipe(v.string("metadata.user_id must be a string"), v.maxLength(256)))) })),
  ),
});
export type GatewayAnthropicInput = v.InferOutput<typeof gatewayAnthropicBody>;

/** An OpenAI Responses request: `input` is a string or a list of items (messages, tool calls and outputs). */
export const gatewayResponsesBody = v.looseObject({
  model: gatewayModel,
  input: required(
    v.union(
      [
        v.pipe(v.string(), v.nonEmpty(GATEWAY_MESSAGES.inputRequired)),
        v.pipe(v.array(v.looseObject({})), v.minLength(1, GATEWAY_MESSAGES.inputRequired)),
      ],
      GATEWAY_MESSAGES.inputRequired,
    ),
    null,
  ),
  instructions: v.optional(v.nullable(v.string("instructions must be a string"))),
  stream: gatewayStream,
  user: v.optional(v.nullable(v.pipe(v.string("user must be a string"), v.maxLength(200)))),
});
export type GatewayResponsesInput = v.InferOutput<typeof gatewayResponsesBody>;

/** A Gemini generateContent request: `contents` of `parts`, and an optional `systemInstruction`. */
export const gatewayGeminiBody = v.looseObject({
  contents: required(
    v.pipe(
      v.array(
        v.looseObject({
          role: v.optional(v.pipe(v.string(GATEWAY_MESSAGES.role), v.maxLength(64, GATEWAY_MESSAGES.role))),
          parts: v.array(v.looseObject({}), "Each content needs parts: an array of parts"),
        }),
        GATEWAY_MESSAGES.contentsRequired,
      ),
      v.minLength(1, GATEWAY_MESSAGES.contentsRequired),
    ),
    null,
  ),
  systemInstruction: v.optional(
    v.nullable(
      v.looseObject(
        { parts: v.array(v.looseObject({}), "systemInstruction needs parts: an array of parts") },
        "systemInstruction must be a content",
      ),
    ),
  ),
});
export type GatewayGeminiInput = v.InferOutput<typeof gatewayGeminiBody>;
