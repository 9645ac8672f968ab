// Fuzzing the bodies of the Anthropic, Responses and Gemini gateway routes past our key (the app-wide
// fuzz suite signs with Bearer, which a gateway route refuses before reading the body): bodies from
// each route's OpenAPI schema, broken JSON, and well-formed requests whose content blocks, items and
// parts are hostile values, with the guardrail on and off, forwarded to the fake provider. For every
// input: never a 5xx; a 4xx is the provider's error shape with our code; a refusal other than the
// guardrail's sends nothing to the provider.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GATEWAY_KEY_HEADER, GATEWAY_UPSTREAM_HEADER } from "@promptsentry/schema/constants/gateway";
import { testEnv } from "../../test/delivery-helpers";
import { anyValue, bodyFor, brokenBody, hostileString, toJsonText } from "../../test/fuzz-arbitraries";
import { allowUpstreamOverride, fakeProvider, rawGatewayCall } from "../../test/gateway-client";
import { call, registerOrg } from "../../test/helpers";

const FUZZ_SEED = 20_261_128;
const RUNS = 40;

const block = fc.oneof(
  anyValue,
  fc.record({ type: fc.oneof(hostileString, fc.constantFrom("text", "tool_use", "tool_result", "image")), text: anyValue }),
);
const item = fc.oneof(
  anyValue,
  fc.record({
    role: fc.constantFrom("user", "assistant", "developer"),
    content: fc.oneof(hostileString, fc.array(block, { maxLength: 3 })),
  }),
  fc.record({
    type: fc.constantFrom("function_call", "function_call_output", "reasoning", "hologram"),
    name: anyValue,
    arguments: anyValue,
    output: anyValue,
  }),
);
const part = fc.oneof(
  anyValue,
  fc.record({ text: anyValue }),
  fc.record({ inlineData: fc.record({ mimeType: fc.oneof(hostileString, fc.constant("text/plain")), data: hostileString }) }),
  fc.record({ functionCall: fc.record({ name: anyValue, args: anyValue }) }),
);

/** Well-formed enough to pass validation sometimes, hostile inside. */
const ROUTES = {
  anthropic: {
    openapi: "/api/gateway/anthropic/v1/messages",
    path: () => fc.constant("/anthropic/v1/messages"),
    body: fc.record({
      model: fc.oneof(hostileString, fc.constant("claude-sonnet-4-5")),
      max_tokens: anyValue,
      system: fc.oneof(hostileString, fc.array(block, { maxLength: 2 })),
      messages: fc.array(
        fc.record({ role: fc.constantFrom("user", "assistant"), content: fc.oneof(hostileString, fc.array(block, { maxLength: 3 })) }),
        {
          maxLength: 3,
        },
      ),
      stream: fc.boolean(),
    }),
    code: (b: any) => b?.error?.code,
  },
  responses: {
    openapi: "/api/gateway/v1/responses",
    path: () => fc.constant("/v1/responses"),
    body: fc.record({
      model: fc.oneof(hostileString, fc.constant("gpt-4.1")),
      instructions: fc.oneof(hostileString, anyValue),
      input: fc.oneof(hostileString, fc.array(item, { maxLength: 3 })),
      stream: fc.boolean(),
    }),
    code: (b: any) => b?.error?.code,
  },
  gemini: {
    openapi: "/api/gateway/gemini/v1beta/models/{call}",
    path: () =>
      fc
        .tuple(
          fc.oneof(fc.constant("gemini-2.5-flash"), hostileString),
          fc.constantFrom(":generateContent", ":streamGenerateContent", ":streamGenerateContent?alt=sse", ":other", ""),
        )
        .map(([model, method]) => `/gemini/v1beta/models/${encodeURIComponent(model.replace(/\p{Cs}/gu, "\uFFFD"))}${method}`),
    body: fc.record({
      contents: fc.array(fc.record({ role: fc.constantFrom("user", "model"), parts: fc.array(part, { maxLength: 3 }) }), { maxLength: 3 }),
      systemInstruction: fc.oneof(anyValue, fc.record({ parts: fc.array(part, { maxLength: 2 }) })),
    }),
    code: (b: any) => b?.error?.details?.[0]?.reason,
  },
};

describe("fuzzing the provider gateway routes' bodies", () => {
  it.each(Object.keys(ROUTES) as (keyof typeof ROUTES)[])(
    "%s: no 5xx, 4xx in the provider's shape, refusals forward nothing",
    async (name) => {
      const route = ROUTES[name];
      const doc = (await call("GET", "/openapi.json")).body;
      const schema = doc.paths[route.openapi]?.post?.requestBody?.content?.["application/json"]?.schema;
      expect(schema, `${route.openapi} has a body schema`).toBeDefined();
      const org = await registerOrg();
      const provider = fakeProvider();
      await allowUpstreamOverride(testEnv().DB, org.apiKey);
      const upstream = name === "responses" ? provider.baseURL : provider.root;
      const headers = { "content-type": "application/json", [GATEWAY_KEY_HEADER]: org.apiKey, [GATEWAY_UPSTREAM_HEADER]: upstream };
      let guardrail = "off";
      await fc.assert(
        fc.asyncProperty(
          route.path(),
          fc.oneof(
            { weight: 3, arbitrary: route.body.map(toJsonText) },
            { weight: 2, arbitrary: bodyFor(schema).map(toJsonText) },
            { weight: 1, arbitrary: brokenBody },
          ),
          fc.constantFrom("off", "warning"),
          async (path, body, level) => {
            if (level !== guardrail) {
              expect((await call("PUT", "/settings", { key: org.apiKey, body: { gatewayBlock: level } })).status).toBe(200);
              guardrail = level;
            }
            const sentBefore = (await provider.requests()).length;
            const res = await rawGatewayCall(headers, body, {}, path);
            const what = `${path} ${body.slice(0, 300)} (guardrail ${level}): ${res.status} ${res.text.slice(0, 300)}`;
            expect(res.status, what).toBeLessThan(500);
            if (res.status >= 400) {
              expect(typeof route.code(res.body), what).toBe("string");
              if (route.code(res.body) !== "content_flagged") expect((await provider.requests()).length, what).toBe(sentBefore);
            }
          },
        ),
        { seed: FUZZ_SEED, numRuns: RUNS },
      );
    },
  );
});
