// The gateway's bounds on a provider's answer (docs/gateway.md#limits), end to end: the official
// `openai` client → the worker → the local fake provider (scripts/lib/fake-openai.mjs), which makes
// huge answers lazily, answers late, stalls mid-answer and sends headers a client has no use for.
// Time limits are set small through the bindings of the same name, so the tests stay fast.
import OpenAI from "openai";
import { describe, expect, inject, it } from "vitest";
import { GATEWAY_LOG_MAX_BYTES } from "@promptsentry/schema/constants/gateway";
import { MAX_TEXT_CHARS } from "@promptsentry/schema/constants/ingestion";
import { fakeProvider, gatewayClient } from "../../test/gateway-client";
import { call, registerOrg, type TestOrg } from "../../test/helpers";

const logsOf = async (org: TestOrg) => (await call("GET", "/logs", { key: org.apiKey })).body as any[];
const MiB = 1024 * 1024;

async function setup(bindings: Record<string, string> = {}) {
  const org = await registerOrg();
  const provider = fakeProvider();
  return { org, provider, ...gatewayClient({ key: org.apiKey, upstream: provider.baseURL, bindings }) };
}

describe("a huge answer reaches the client whole; the log reads at most GATEWAY_LOG_MAX_BYTES of it", () => {
  const size = 24; // MiB, made by the fake as it is read
  const whole = () => inject("hugePiece").repeat((size * MiB) / inject("hugePiece").length);

  it("a plain JSON answer", async () => {
    const { org, client, settle } = await setup();
    const completion = await client.chat.completions.create({ model: `fake-huge-${size}`, messages: [{ role: "user", content: "long" }] });
    await settle();
    const content = completion.choices[0].message.content!;
    expect(content.length).toBe(size * MiB);
    expect(content === whole()).toBe(true);

    const [log] = await logsOf(org);
    expect(log.response).toBe(whole().slice(0, MAX_TEXT_CHARS));
    expect(log.model).toBe(`fake-huge-${size}-served`);
    expect(log.metadata.gateway).toMatchObject({ status: 200, truncated: true, loggedBytes: GATEWAY_LOG_MAX_BYTES, tokensEstimated: true });
    expect(log.metadata.gateway.responseBytes).toBeGreaterThan(size * MiB);
    expect(log.metadata.gateway.incomplete).toBeUndefined();
  });

  it("a stream", async () => {
    const { org, client, settle } = await setup();
    const stream = await client.chat.completions.create({
      model: `fake-huge-${size}`,
      stream: true,
      messages: [{ role: "user", content: "long" }],
    });
    const pieces: string[] = [];
    for await (const chunk of stream) pieces.push(chunk.choices[0]?.delta?.content ?? "");
    await settle();
    expect(pieces.join("") === whole()).toBe(true);

    const [log] = await logsOf(org);
    // The log holds the deltas of the events wholly inside its first GATEWAY_LOG_MAX_BYTES.
    expect(log.response.length).toBeGreaterThan(0);
    expect(whole().startsWith(log.response)).toBe(true);
    expect(log.metadata.gateway).toMatchObject({ status: 200, stream: true, truncated: true, loggedBytes: GATEWAY_LOG_MAX_BYTES });
    expect(log.metadata.gateway.responseBytes).toBeGreaterThan(size * MiB);
    expect(log.metadata.gateway.firstTokenMs).toBeGreaterThanOrEqual(0);
  });

  it("an answer within the cap is logged whole, with no truncation noted", async () => {
    const { org, client, settle } = await setup();
    await client.chat.completions.create({ model: "fake-huge-1", messages: [{ role: "user", content: "medium" }] });
    await settle();
    const [log] = await logsOf(org);
    expect(log.metadata.gateway.truncated).toBeUndefined();
    expect(log.metadata.gateway.loggedBytes).toBeUndefined();
    expect(log.metadata.gateway.tokensEstimated).toBe(false);
    expect(log.response).toBe(whole().slice(0, MAX_TEXT_CHARS));
  });
});

describe("time limits", () => {
  it("answers 504 upstream_timeout in OpenAI's error shape when the provider sends no headers in time, and logs the call", async () => {
    const { org, client, settle } = await setup({ GATEWAY_HEADERS_TIMEOUT_MS: "300" });
    const started = Date.now();
    const error = await client.chat.completions
      .create({ model: "fake-slow-5000", messages: [{ role: "user", content: "are you there?" }] })
      .catch((e) => e);
    const waited = Date.now() - started;
    await settle();
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(error.status).toBe(504);
    expect(error.error).toMatchObject({
      type: "api_error",
      code: "upstream_timeout",
      param: null,
      message: expect.stringContaining("0.3 s"),
    });
    expect(waited).toBeLessThan(4_000);
    const [log] = await logsOf(org);
    expect(log).toMatchObject({ prompt: "are you there?", response: "" });
    expect(log.metadata.gateway).toMatchObject({ status: 504, incomplete: "headers_timeout" });
  });

  it("waits for a provider that answers within the limit", async () => {
    const { client } = await setup({ GATEWAY_HEADERS_TIMEOUT_MS: "5000" });
    const completion = await client.chat.completions.create({ model: "fake-slow-200", messages: [{ role: "user", content: "late" }] });
    expect(completion.choices[0].message.content).toBe("Echo: late");
  });

  it("ends a stream that stalls after its headers with OpenAI's error event, and logs what arrived", async () => {
    const { org, client, settle } = await setup({ GATEWAY_IDLE_TIMEOUT_MS: "300" });
    const started = Date.now();
    const stream = await client.chat.completions.create({ model: "fake-stall", stream: true, messages: [{ role: "user", content: "go" }] });
    let text = "";
    const error = await (async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? "";
    })().catch((e) => e);
    const waited = Date.now() - started;
    await settle();
    expect(text).toBe("Echo: before the stall");
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(error.error).toMatchObject({ type: "api_error", code: "upstream_timeout", message: expect.stringContaining("incomplete") });
    expect(waited).toBeLessThan(10_000);
    const [log] = await logsOf(org);
    expect(log.response).toBe("Echo: before the stall");
    expect(log.metadata.gateway).toMatchObject({ status: 200, stream: true, incomplete: "idle_timeout" });
  });

  it("breaks off a plain answer that stalls mid-body, and logs the call as incomplete", async () => {
    const { org, client, settle } = await setup({ GATEWAY_IDLE_TIMEOUT_MS: "300" });
    const started = Date.now();
    const error = await client.chat.completions
      .create({ model: "fake-stall", messages: [{ role: "user", content: "go" }] })
      .catch((e) => e);
    const waited = Date.now() - started;
    await settle();
    expect(error).toBeInstanceOf(Error);
    expect(waited).toBeLessThan(10_000);
    const [log] = await logsOf(org);
    expect(log.metadata.gateway).toMatchObject({ status: 200, incomplete: "idle_timeout" });
  });
});

describe("response headers", () => {
  it("passes back only the allow-listed provider headers, plain and streamed", async () => {
    const { client } = await setup();
    const { useful, internal } = inject("providerHeaders");
    const plain = await client.chat.completions
      .create({ model: "fake-headers", messages: [{ role: "user", content: "h" }] })
      .withResponse();
    const stream = await client.chat.completions
      .create({ model: "fake-headers", stream: true, messages: [{ role: "user", content: "h" }] })
      .withResponse();
    for await (const _ of stream.data);
    for (const { response } of [plain, stream]) {
      for (const [name, value] of Object.entries(useful)) expect(response.headers.get(name), name).toBe(value);
      expect(response.headers.get("x-request-id")).toMatch(/^req_chatcmpl-fake/);
      expect(response.headers.get("content-type")).toMatch(/^(application\/json|text\/event-stream)/);
      for (const name of Object.keys(internal)) expect(response.headers.get(name), name).toBeNull();
    }
  });
});
