// The gateway with guardrails (docs/gateway.md): an official provider client (OpenAI chat
// completions and Responses, Anthropic Messages, Gemini generateContent) pointed at `<origin>/api/gateway/…` with our key in
// X-PromptSentry-Key gets the provider's answer unchanged (streamed as it arrives when it asks for a
// stream), and every call is logged through the one ingestion pipeline. A prompt whose flag meets the
// organization's gatewayBlock never reaches the provider: it is stored marked `blocked` and the client
// gets the provider's own 400 shape. Each route reads what its wire needs; gateway/call.ts does the rest.
import { Hono } from "hono";
import { DEFAULT_ANTHROPIC_UPSTREAM, DEFAULT_GATEWAY_UPSTREAM, DEFAULT_GEMINI_UPSTREAM } from "@promptsentry/schema/constants/gateway";
import { gatewayAnthropicBody, gatewayChatBody, gatewayGeminiBody, gatewayResponsesBody } from "@promptsentry/schema/requests/gateway";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { anthropicErrorBody, anthropicWire, messagesUrl } from "../gateway/anthropic/wire";
import { gatewayCall } from "../gateway/call";
import { wireOnError } from "../gateway/errors";
import { GEMINI_METHODS, generateUrl, geminiErrorBody, geminiWire } from "../gateway/gemini/wire";
import { openAiChatWire, openAiErrorBody } from "../gateway/openai-chat";
import type { Obj } from "../gateway/request-text";
import { responsesUrl, responsesWire } from "../gateway/responses/wire";
import { completionsUrl } from "../gateway/upstream";
import { standardBodyLimit } from "../middleware/body-limit";
import { guard } from "../middleware/guard";
import { ingestRateLimit } from "../middleware/rate-limit";
import { GATEWAY_CREDENTIALS } from "../openapi";
import { jsonBody } from "../validate";

const OPENAI_UPSTREAM = { field: "gatewayUpstream", fallback: DEFAULT_GATEWAY_UPSTREAM } as const;

/**
 * The head of a gateway route's chain: its own body limit (so a body too large is refused inside the
 * route, in the provider's error shape, rather than by the app-wide default in ours) and the guard
 * with the route's OpenAPI description; `answer` says what the provider's answer is.
 */
const gatewayGuard = (summary: string, answer: string, shape: string) =>
  [
    standardBodyLimit,
    ...guard("logs:write", {
      summary,
      tag: "Gateway",
      // The provider's credential is passed through; our key is X-PromptSentry-Key.
      security: GATEWAY_CREDENTIALS,
      answers: {
        200: {
          description: answer,
          content: { "application/json": { schema: { type: "object" } }, "text/event-stream": { schema: { type: "string" } } },
        },
      },
      errors: {
        400: `\`content_flagged\`: the prompt met the organization's gatewayBlock and was not sent (${shape}); \`invalid_upstream\`: the upstream URL is refused by the outbound policy`,
        502: "`upstream_unreachable`: the provider could not be reached",
        504: "`upstream_timeout`: the provider sent no response headers within the gateway's limit (docs/gateway.md#limits)",
      },
    }),
  ] as const;

const openAiRoutes = new Hono<AppEnv>()
  .post(
    "/v1/chat/completions",
    ...gatewayGuard(
      "OpenAI-compatible chat completions: forwarded to the provider (streamed or not) and logged; flagged prompts blocked per gatewayBlock",
      "The provider's answer, unchanged: a chat completion, or `text/event-stream` chunks when `stream: true`",
      "OpenAI error shape",
    ),
    ingestRateLimit,
    ...jsonBody(gatewayChatBody),
    async (c) => {
      const body = c.req.valid("json");
      return gatewayCall(c, {
        wire: openAiChatWire,
        // The raw parsed body (parsed once, cached), not the validated one: every field goes through as sent.
        body: (await c.req.json()) as Obj,
        model: body.model,
        user: body.user ?? null,
        stream: body.stream === true,
        upstream: OPENAI_UPSTREAM,
        target: completionsUrl,
      });
    },
  )
  .post(
    "/v1/responses",
    ...gatewayGuard(
      "OpenAI Responses: forwarded to the provider (streamed or not) and logged; flagged prompts blocked per gatewayBlock",
      "The provider's answer, unchanged: a response, or `text/event-stream` events when `stream: true`",
      "OpenAI error shape",
    ),
    ingestRateLimit,
    ...jsonBody(gatewayResponsesBody),
    async (c) => {
      const body = c.req.valid("json");
      return gatewayCall(c, {
        wire: responsesWire,
        body: (await c.req.json()) as Obj,
        model: body.model,
        user: body.user ?? null,
        stream: body.stream === true,
        upstream: OPENAI_UPSTREAM,
        target: responsesUrl,
      });
    },
  )
  .onError(wireOnError(openAiErrorBody));

const anthropicRoutes = new Hono<AppEnv>()
  .post(
    "/v1/messages",
    ...gatewayGuard(
      "Anthropic Messages: forwarded to the provider (streamed or not) with the caller's x-api-key and anthropic-version, and logged; flagged prompts blocked per gatewayBlock",
      "The provider's answer, unchanged: a message, or `text/event-stream` events when `stream: true`",
      "Anthropic error shape",
    ),
    ingestRateLimit,
    ...jsonBody(gatewayAnthropicBody),
    async (c) => {
      const body = c.req.valid("json");
      return gatewayCall(c, {
        wire: anthropicWire,
        body: (await c.req.json()) as Obj,
        model: body.model,
        user: body.metadata?.user_id ?? null,
        stream: body.stream === true,
        upstream: { field: "gatewayAnthropicUpstream", fallback: DEFAULT_ANTHROPIC_UPSTREAM },
        target: messagesUrl,
      });
    },
  )
  .onError(wireOnError(anthropicErrorBody));

const geminiRoutes = new Hono<AppEnv>()
  .post(
    // `{model}:generateContent` or `{model}:streamGenerateContent`, one path segment.
    "/v1beta/models/:call",
    ...gatewayGuard(
      "Gemini generateContent and streamGenerateContent (`/v1beta/models/{model}:{method}`): forwarded to the provider with the caller's x-goog-api-key (or `key` parameter) and logged; flagged prompts blocked per gatewayBlock",
      "The provider's answer, unchanged: a response; `:streamGenerateContent` streams `text/event-stream` events with `?alt=sse`, else a JSON array",
      "Google's error shape, our code as the ErrorInfo reason",
    ),
    ingestRateLimit,
    ...jsonBody(gatewayGeminiBody),
    async (c) => {
      const path = c.req.param("call");
      const at = path.lastIndexOf(":");
      const model = at > 0 ? path.slice(0, at) : "";
      const method = path.slice(at + 1);
      if (!model || model.length > 200 || !(GEMINI_METHODS as readonly string[]).includes(method))
        throw new ApiError(404, "not_found", `The gateway forwards models/{model}:${GEMINI_METHODS.join(" and :")} only`);
      // A key sent as `?key=` goes to the provider as its header: it is never part of a URL we send.
      const key = c.req.query("key");
      return gatewayCall(c, {
        wire: geminiWire,
        body: (await c.req.json()) as Obj,
        model,
        user: null,
        stream: method === "streamGenerateContent",
        upstream: { field: "gatewayGeminiUpstream", fallback: DEFAULT_GEMINI_UPSTREAM },
        target: (base) => generateUrl(base, model, method, c.req.query("alt") === "sse"),
        extraHeaders: key && !c.req.header("x-goog-api-key") ? { "x-goog-api-key": key } : undefined,
      });
    },
  )
  .onError(wireOnError(geminiErrorBody));

export const gatewayRoutes = new Hono<AppEnv>()
  .route("/", openAiRoutes)
  .route("/anthropic", anthropicRoutes)
  .route("/gemini", geminiRoutes);
