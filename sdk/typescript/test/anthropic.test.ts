// wrapAnthropic with the official `@anthropic-ai/sdk` client against a local fake of the Messages
// API: the caller gets the same results as an unwrapped client, and each call (plain, `stream: true`,
// messages.stream()) becomes one log with the system prompt, content blocks and tool use flattened
// as wrapOpenAI flattens them, model, tokens from usage and latency, delivered to a real server.
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PromptSentry, wrapAnthropic } from "../src/index";
import { anthropicPromptText } from "../src/anthropic";
import { FakeApi } from "./fake-api";
import { answerPieces, CACHED, echoAnswer, echoUsage, type FakeAnthropic, startFakeAnthropic, TOOL_TEXT, TOOL_USE } from "./fake-anthropic";

const API_KEY = "sk-ant-api03-secret-fake-key-0123456789";
let provider: FakeAnthropic;
let api: FakeApi;
let sdk: PromptSentry;
beforeAll(async () => {
  provider = await startFakeAnthropic({ chunkDelayMs: 20 });
});
afterAll(() => provider.close());
beforeEach(async () => {
  api = await new FakeApi().start();
  sdk = new PromptSentry({ apiKey: "pk_live_test", baseUrl: api.url, flushOnExit: false });
});
afterEach(async () => {
  await sdk.shutdown();
  await api.stop();
});

const anthropic = () => new Anthropic({ apiKey: API_KEY, baseURL: provider.url, maxRetries: 0 });
const QUESTION = "What is the capital of France?";
const request = {
  model: "claude-test",
  max_tokens: 256,
  system: "You are terse.",
  messages: [{ role: "user" as const, content: QUESTION }],
};
const ANSWER = echoAnswer(QUESTION);
const USAGE = echoUsage(QUESTION);

describe("wrapAnthropic", () => {
  it("logs a plain message and returns exactly what the client returns", async () => {
    const plain = await anthropic().messages.create(request);
    const client = sdk.wrapAnthropic(anthropic(), { userId: "u-1", metadata: { feature: "faq" } });
    const wrapped = await client.messages.create(request);
    expect({ ...wrapped, id: "" }).toEqual({ ...plain, id: "" });
    // The promise keeps the client's own helpers.
    const { data, response } = await client.messages.create(request).withResponse();
    expect(response.status).toBe(200);
    expect(data.content).toEqual([{ type: "text", text: ANSWER }]);

    await sdk.flush();
    expect(api.stored).toHaveLength(2);
    const log = api.stored[0] as Record<string, any>;
    expect(log).toMatchObject({
      prompt: `system: You are terse.\nuser: ${QUESTION}`,
      response: ANSWER,
      model: "claude-test-served",
      tokenCount: USAGE.input_tokens + USAGE.output_tokens,
      userId: "u-1",
      source: "node-sdk",
      metadata: {
        provider: "anthropic",
        feature: "faq",
        stream: false,
        id: wrapped.id,
        finishReason: "end_turn",
        promptTokens: USAGE.input_tokens,
        completionTokens: USAGE.output_tokens,
      },
    });
    expect(log.latencyMs).toBeGreaterThanOrEqual(provider.chunkDelayMs - 2);
    expect(log.latencyMs).toBeLessThan(5_000);
  });

  it("logs a stream: true call once the caller has read it, events unchanged", async () => {
    const read = async (client: Anthropic) => {
      const stream = await client.messages.create({ ...request, stream: true });
      const events: unknown[] = [];
      for await (const event of stream)
        events.push(event.type === "message_start" ? { ...event, message: { ...event.message, id: "" } } : event);
      return events;
    };
    const plain = await read(anthropic());
    const client = wrapAnthropic(anthropic(), sdk);
    expect(await read(client)).toEqual(plain);
    await sdk.flush();
    expect(api.stored).toHaveLength(1);
    const log = api.stored[0] as Record<string, any>;
    expect(log).toMatchObject({
      prompt: `system: You are terse.\nuser: ${QUESTION}`,
      response: ANSWER,
      model: "claude-test-served",
      tokenCount: USAGE.input_tokens + USAGE.output_tokens,
      metadata: {
        provider: "anthropic",
        stream: true,
        finishReason: "end_turn",
        promptTokens: USAGE.input_tokens,
        completionTokens: USAGE.output_tokens,
      },
    });
    expect(log.metadata.id).toMatch(/^msg_fake/);
    // Latency covers the whole stream; the first token came after one chunk delay.
    expect(log.latencyMs).toBeGreaterThanOrEqual(answerPieces(ANSWER).length * provider.chunkDelayMs - 5);
    expect(log.metadata.timeToFirstTokenMs).toBeGreaterThanOrEqual(provider.chunkDelayMs - 5);
    expect(log.metadata.timeToFirstTokenMs).toBeLessThanOrEqual(log.latencyMs);
  });

  it("logs messages.stream(), which the client builds on messages.create, once", async () => {
    const client = wrapAnthropic(anthropic(), sdk);
    const stream = client.messages.stream(request);
    let text = "";
    stream.on("text", (delta) => {
      text += delta;
    });
    const final = await stream.finalMessage();
    expect(text).toBe(ANSWER);
    expect(final.usage.output_tokens).toBe(USAGE.output_tokens);
    await sdk.flush();
    expect(api.stored).toHaveLength(1);
    expect(api.stored[0]).toMatchObject({
      response: ANSWER,
      tokenCount: USAGE.input_tokens + USAGE.output_tokens,
      metadata: { stream: true },
    });
  });

  it("flattens tool use and tool results like wrapOpenAI, plain and streamed alike", async () => {
    const client = wrapAnthropic(anthropic(), sdk);
    const conversation = {
      ...request,
      model: "fake-tool",
      system: [{ type: "text" as const, text: "You are terse." }],
      tools: [{ name: "get_weather", input_schema: { type: "object" as const, properties: { city: { type: "string" } } } }],
      messages: [
        { role: "user" as const, content: "Weather in Paris?" },
        { role: "assistant" as const, content: [{ type: "text" as const, text: TOOL_TEXT }, TOOL_USE as Anthropic.ToolUseBlockParam] },
        {
          role: "user" as const,
          content: [
            { type: "tool_result" as const, tool_use_id: TOOL_USE.id, content: [{ type: "text" as const, text: "18°C, sunny" }] },
            { type: "text" as const, text: "And tomorrow?" },
          ],
        },
      ],
    };
    const plain = await client.messages.create(conversation);
    expect(plain.content).toEqual([{ type: "text", text: TOOL_TEXT }, TOOL_USE]);
    const stream = await client.messages.create({ ...conversation, stream: true });
    for await (const _ of stream);
    await sdk.flush();
    const [a, b] = api.stored as Record<string, any>[];
    const toolJson = JSON.stringify([TOOL_USE]);
    expect(a.prompt).toBe(
      [
        "system: You are terse.",
        "user: Weather in Paris?",
        `assistant: ${TOOL_TEXT}\n${toolJson}`,
        "tool: 18°C, sunny",
        "user: And tomorrow?",
      ].join("\n"),
    );
    expect(a.response).toBe(`${TOOL_TEXT}\n${toolJson}`);
    expect(a.metadata.finishReason).toBe("tool_use");
    // The streamed tool input, sent as JSON pieces, is reassembled into the same answer.
    expect({ prompt: b.prompt, response: b.response, finishReason: b.metadata.finishReason }).toEqual({
      prompt: a.prompt,
      response: a.response,
      finishReason: "tool_use",
    });
  });

  it("counts cache reads and writes as prompt tokens", async () => {
    const client = wrapAnthropic(anthropic(), sdk);
    await client.messages.create({ ...request, model: "fake-cached" });
    for await (const _ of await client.messages.create({ ...request, model: "fake-cached", stream: true }));
    await sdk.flush();
    const prompt = USAGE.input_tokens + CACHED.cache_creation_input_tokens + CACHED.cache_read_input_tokens;
    for (const log of api.stored as Record<string, any>[])
      expect([log.tokenCount, log.metadata.promptTokens]).toEqual([prompt + USAGE.output_tokens, prompt]);
  });

  it("logs a stream the caller stops reading early as incomplete, without tokens it never got", async () => {
    const client = wrapAnthropic(anthropic(), sdk);
    const stream = await client.messages.create({ ...request, stream: true });
    let n = 0;
    for await (const event of stream) if (event.type === "content_block_delta" && ++n === 2) break;
    await sdk.flush();
    expect(api.stored).toHaveLength(1);
    expect(api.stored[0]).toMatchObject({
      response: answerPieces(ANSWER).slice(0, 2).join(""),
      tokenCount: null,
      metadata: { stream: true, incomplete: true },
    });
  });

  it("passes provider errors through unchanged and logs nothing", async () => {
    const client = wrapAnthropic(anthropic(), sdk);
    const missing = await client.messages.create({ ...request, model: "fake-missing-model" }).catch((e) => e);
    expect(missing).toBeInstanceOf(Anthropic.NotFoundError);
    expect(missing.status).toBe(404);
    const overloaded = await client.messages.create({ ...request, model: "fake-status-529" }).catch((e) => e);
    expect(overloaded).toBeInstanceOf(Anthropic.APIError);
    expect(overloaded.status).toBe(529);
    expect(overloaded.error).toMatchObject({ type: "error", error: { type: "overloaded_error" } });
    // A request the provider refuses (no max_tokens) is refused just the same.
    const invalid = await client.messages.create({ ...request, max_tokens: undefined } as never).catch((e) => e);
    expect(invalid).toBeInstanceOf(Anthropic.BadRequestError);
    // An error event in the middle of a stream reaches the caller as the client raises it.
    const stream = await client.messages.create({ ...request, model: "fake-stream-error", stream: true });
    const midway = await (async () => {
      for await (const _ of stream);
    })().catch((e) => e);
    expect(midway).toBeInstanceOf(Anthropic.APIError);
    expect(String(midway.message)).toContain("Overloaded");
    // Down: nothing listens where the client points.
    const down = await wrapAnthropic(new Anthropic({ apiKey: API_KEY, baseURL: "http://127.0.0.1:9", maxRetries: 0 }), sdk)
      .messages.create(request)
      .catch((e) => e);
    expect(down).toBeInstanceOf(Anthropic.APIConnectionError);
    await sdk.flush();
    expect(api.requests).toHaveLength(0);
  });

  it("sends the caller's key to the provider only, never to PromptSentry", async () => {
    const client = wrapAnthropic(anthropic(), sdk);
    await client.messages.create(request);
    for await (const _ of client.messages.stream(request));
    await sdk.flush();
    // The official client sends its key as `Authorization: Bearer` (older ones as `x-api-key`).
    const { authorization, "x-api-key": apiKeyHeader } = provider.requests.at(-1)?.headers ?? {};
    expect(apiKeyHeader ?? authorization).toMatch(API_KEY);
    expect(api.stored).toHaveLength(2);
    for (const seen of api.requests) {
      expect(JSON.stringify(seen.logs)).not.toContain(API_KEY);
      expect(JSON.stringify(seen.headers)).not.toContain(API_KEY);
    }
  });

  it("wraps once and refuses what is not an Anthropic client", () => {
    const client = anthropic();
    const create = wrapAnthropic(client, sdk).messages.create;
    expect(wrapAnthropic(client, sdk).messages.create).toBe(create);
    expect(() => wrapAnthropic({} as object, sdk)).toThrow(TypeError);
    expect(() => wrapAnthropic(null, sdk)).toThrow(TypeError);
    expect(() => wrapAnthropic({ messages: { create: "no" } }, sdk)).toThrow(TypeError);
  });

  it("turns odd requests into prompt text without throwing", () => {
    expect(anthropicPromptText(undefined)).toBe("");
    expect(anthropicPromptText({ messages: [{ role: "user", content: [{ type: "image" }, { type: "text", text: "look" }] }] })).toBe(
      "look",
    );
    expect(anthropicPromptText({ system: "", messages: [{ role: "user", content: "hi" }] })).toBe("hi");
    expect(anthropicPromptText({ messages: "nope" as never })).toBe("");
  });
});
