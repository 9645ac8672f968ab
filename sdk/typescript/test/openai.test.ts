// wrapOpenAI with the official `openai` client against a local fake provider: the caller gets the
// same results as an unwrapped client, and each completion (plain and streamed) becomes one log with
// prompt, response, model, tokens from usage and latency, delivered through the SDK to a real server.
import OpenAI from "openai";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PromptSentry, promptText, wrapOpenAI } from "../src/index";
import { FakeApi } from "./fake-api";
import { answerPieces, echoAnswer, echoUsage, type FakeOpenAI, startFakeOpenAI } from "../../../scripts/lib/fake-openai.mjs";

let provider: FakeOpenAI;
let api: FakeApi;
let sdk: PromptSentry;
beforeAll(async () => {
  provider = await startFakeOpenAI({ chunkDelayMs: 20 });
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

const openai = () => new OpenAI({ apiKey: "sk-test", baseURL: provider.url, maxRetries: 0 });
const messages = [
  { role: "system" as const, content: "You are terse." },
  { role: "user" as const, content: "What is the capital of France?" },
];
// What the fake provider answers to these messages.
const ANSWER = echoAnswer("What is the capital of France?");
const PIECES = answerPieces(ANSWER);
const USAGE = echoUsage("What is the capital of France?");

describe("wrapOpenAI", () => {
  it("logs a plain completion and returns exactly what the client returns", async () => {
    const plain = await openai().chat.completions.create({ model: "gpt-4", messages });
    const client = sdk.wrapOpenAI(openai(), { userId: "u-1", metadata: { feature: "faq" } });
    const wrapped = await client.chat.completions.create({ model: "gpt-4", messages });
    // Each call has its own id and time; everything else is what the unwrapped client got.
    expect({ ...wrapped, id: "", created: 0 }).toEqual({ ...plain, id: "", created: 0 });
    // The promise keeps the client's own helpers.
    const { data, response } = await client.chat.completions.create({ model: "gpt-4", messages }).withResponse();
    expect(response.status).toBe(200);
    expect(data.choices[0].message.content).toBe(ANSWER);

    await sdk.flush();
    expect(api.stored).toHaveLength(2);
    const log = api.stored[0] as Record<string, any>;
    expect(log).toMatchObject({
      prompt: "system: You are terse.\nuser: What is the capital of France?",
      response: ANSWER,
      model: "gpt-4-served",
      tokenCount: USAGE.total_tokens,
      userId: "u-1",
      source: "node-sdk",
      metadata: {
        provider: "openai",
        feature: "faq",
        stream: false,
        id: wrapped.id,
        finishReason: "stop",
        promptTokens: USAGE.prompt_tokens,
        completionTokens: USAGE.completion_tokens,
      },
    });
    expect(log.latencyMs).toBeGreaterThanOrEqual(provider.chunkDelayMs - 2);
    expect(log.latencyMs).toBeLessThan(5_000);
    // The turns beside the flattened prompt.
    expect(log.messages).toEqual([
      { role: "system", content: "You are terse." },
      { role: "user", content: "What is the capital of France?" },
    ]);
  });

  it("logs a streamed completion once the caller has read it, chunks unchanged", async () => {
    const read = async (client: OpenAI) => {
      const stream = await client.chat.completions.create({
        model: "gpt-4",
        messages,
        stream: true,
        stream_options: { include_usage: true },
      });
      const chunks: unknown[] = [];
      for await (const chunk of stream) chunks.push({ ...chunk, id: "", created: 0 });
      return chunks;
    };
    const plain = await read(openai());
    const client = wrapOpenAI(openai(), sdk);
    expect(await read(client)).toEqual(plain);
    await sdk.flush();
    expect(api.stored).toHaveLength(1);
    const log = api.stored[0] as Record<string, any>;
    expect(log).toMatchObject({
      response: ANSWER,
      model: "gpt-4-served",
      tokenCount: USAGE.total_tokens,
      metadata: { stream: true, finishReason: "stop" },
    });
    // Latency covers the whole stream; the first token came after one chunk delay.
    expect(log.latencyMs).toBeGreaterThanOrEqual(PIECES.length * provider.chunkDelayMs - 5);
    expect(log.metadata.timeToFirstTokenMs).toBeGreaterThanOrEqual(provider.chunkDelayMs - 5);
    expect(log.metadata.timeToFirstTokenMs).toBeLessThanOrEqual(log.latencyMs);
  });

  it("logs a stream the caller stops reading early as incomplete, without tokens it never got", async () => {
    const client = wrapOpenAI(openai(), sdk);
    const stream = await client.chat.completions.create({ model: "gpt-4", messages, stream: true });
    let n = 0;
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta?.content && ++n === 2) break;
    }
    await sdk.flush();
    expect(api.stored).toHaveLength(1);
    expect(api.stored[0]).toMatchObject({
      response: PIECES.slice(0, 2).join(""),
      tokenCount: null,
      metadata: { stream: true, incomplete: true },
    });
  });

  it("passes provider errors through unchanged and logs nothing", async () => {
    const client = wrapOpenAI(openai(), sdk);
    const error = await client.chat.completions.create({ model: "fake-missing-model", messages }).catch((e) => e);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(error.status).toBe(404);
    expect(error.code).toBe("model_not_found");
    await sdk.flush();
    expect(api.requests).toHaveLength(0);
  });

  it("wraps once and refuses what is not an OpenAI client", () => {
    const client = openai();
    const create = wrapOpenAI(client, sdk).chat.completions.create;
    expect(wrapOpenAI(client, sdk).chat.completions.create).toBe(create);
    expect(() => wrapOpenAI({} as object, sdk)).toThrow(TypeError);
  });

  it("turns messages into prompt text", () => {
    expect(promptText([{ role: "user", content: "hi" }])).toBe("hi");
    expect(promptText([{ role: "user", content: [{ type: "text", text: "look" }, { type: "image_url" }] }])).toBe("look");
  });
});
