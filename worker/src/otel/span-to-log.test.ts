import { describe, expect, it } from "vitest";
import { indexed } from "./attributes";
import type { SpanView } from "./conventions/types";
import { latencyMs, logInputOf, readModelCall } from "./span-to-log";

const span = (attrs: SpanView["attrs"], events: SpanView["events"] = []): SpanView => ({ name: "s", attrs, events });
const origin = {
  traceId: "t".repeat(32),
  spanId: "s".repeat(16),
  resource: { "service.name": "svc", "user.id": "resource-user" },
  startNs: 1_000_000_000n,
  endNs: 1_500_400_000n,
};

describe("readModelCall: which spans are model calls", () => {
  it("GenAI chat, text_completion and generate_content are; embeddings, tools and agents are not", () => {
    for (const op of ["chat", "text_completion", "generate_content"])
      expect(readModelCall(span({ "gen_ai.operation.name": op }))?.convention).toBe("gen_ai");
    for (const op of ["embeddings", "execute_tool", "invoke_agent", "create_agent"])
      expect(readModelCall(span({ "gen_ai.operation.name": op, "gen_ai.input.messages": "x" }))).toBeNull();
  });
  it("OpenInference LLM spans are, its other kinds are not", () => {
    expect(readModelCall(span({ "openinference.span.kind": "LLM" }))?.convention).toBe("openinference");
    expect(readModelCall(span({ "openinference.span.kind": "CHAIN", "input.value": "x" }))).toBeNull();
  });
  it("OpenLLMetry: llm.request.type chat/completion, or a model with indexed prompts", () => {
    expect(readModelCall(span({ "llm.request.type": "completion", "gen_ai.prompt.0.content": "p" }))?.convention).toBe("openllmetry");
    expect(readModelCall(span({ "gen_ai.request.model": "gpt-4", "gen_ai.prompt.0.content": "p" }))?.input).toEqual([
      { role: "user", text: "p" },
    ]);
    expect(readModelCall(span({ "llm.request.type": "embedding" }))).toBeNull();
  });
  it("plain spans are not", () => {
    expect(readModelCall(span({ "http.request.method": "GET" }))).toBeNull();
    expect(readModelCall(span({ "gen_ai.request.model": "gpt-4" }))).toBeNull();
  });
  it("the current form wins over the older one when a span carries both", () => {
    const call = readModelCall(span({ "gen_ai.operation.name": "chat", "gen_ai.input.messages": "new", "gen_ai.prompt.0.content": "old" }));
    expect(call?.input).toEqual([{ role: "user", text: "new" }]);
  });
});

describe("logInputOf", () => {
  it("usage: total when given, else input + output; user and session fall back to the resource and session.id", () => {
    const attrs = {
      "gen_ai.operation.name": "chat",
      "gen_ai.request.model": "gpt-4",
      "gen_ai.usage.input_tokens": 5,
      "session.id": "sess",
      "gen_ai.input.messages": "hi",
    };
    const call = readModelCall(span(attrs))!;
    const input = logInputOf(span(attrs), call, origin);
    expect(input).toMatchObject({
      prompt: "hi",
      response: "",
      tokenCount: 5,
      userId: "resource-user",
      sessionId: "sess",
      latencyMs: 500,
      source: "otel",
    });
    expect(input.metadata).toEqual({
      otel: {
        traceId: origin.traceId,
        spanId: origin.spanId,
        serviceName: "svc",
        spanName: "s",
        convention: "gen_ai",
        operation: "chat",
        inputTokens: 5,
      },
    });
  });
  it("enduser.id and gen_ai.conversation.id win", () => {
    const attrs = { "gen_ai.operation.name": "chat", "enduser.id": "eu", "gen_ai.conversation.id": "c", "session.id": "s" };
    expect(logInputOf(span(attrs), readModelCall(span(attrs))!, origin)).toMatchObject({ userId: "eu", sessionId: "c", tokenCount: null });
  });
});

describe("helpers", () => {
  it("latency: rounded milliseconds, undefined for unset or inverted times", () => {
    expect(latencyMs(1_000_000n, 3_600_000n)).toBe(3);
    expect(latencyMs(0n, 5n)).toBeUndefined();
    expect(latencyMs(10n, 5n)).toBeUndefined();
  });
  it("indexed groups by number in numeric order", () => {
    expect(indexed({ "p.10.content": "k", "p.2.content": "b", "p.2.role": "user", "p.x": "no" }, "p")).toEqual([
      { content: "b", role: "user" },
      { content: "k" },
    ]);
  });
});

describe("Vercel AI SDK telemetry", () => {
  const doGenerate = {
    "ai.operationId": "ai.generateText.doGenerate",
    "ai.model.id": "gpt-4o-mini",
    "ai.model.provider": "openai.chat",
    "gen_ai.system": "openai.chat",
    "gen_ai.request.model": "gpt-4o-mini",
    "ai.prompt.messages": JSON.stringify([
      { role: "system", content: "Be brief." },
      { role: "user", content: [{ type: "text", text: "Capital of France?" }] },
    ]),
    "ai.response.text": "Paris.",
    "ai.response.toolCalls": JSON.stringify([{ toolCallType: "function", toolCallId: "1", toolName: "lookup", args: '{"q":"France"}' }]),
    "ai.usage.promptTokens": 12,
    "ai.usage.completionTokens": 2,
    "ai.telemetry.metadata.userId": "vu",
  };
  it("the provider-call span is a model call with its messages, tool calls, usage and user", () => {
    const call = readModelCall(span(doGenerate))!;
    expect(call.convention).toBe("vercel_ai");
    expect(logInputOf(span(doGenerate), call, { ...origin, resource: {} })).toMatchObject({
      model: "gpt-4o-mini",
      prompt: "system: Be brief.\n\nuser: Capital of France?",
      response: 'Paris.\nlookup({"q":"France"})',
      tokenCount: 14,
      userId: "vu",
    });
  });
  it("the outer ai.generateText span is not (it would log the call twice)", () => {
    expect(
      readModelCall(
        span({ "ai.operationId": "ai.generateText", "ai.model.id": "gpt-4o-mini", "ai.prompt": '{"prompt":"x"}', "ai.response.text": "y" }),
      ),
    ).toBeNull();
  });
});
