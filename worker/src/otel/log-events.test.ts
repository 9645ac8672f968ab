import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { otlpLogsJson, otlpLogsProtobuf, type TestEvent } from "../../test/otlp";
import { attributeMap } from "./attributes";
import { decodeLogsRequest } from "./decode";
import { eventFlags, joinedInput, orderEvents, type SpanPayload } from "./join";
import { collectEvents, type EventRecord } from "./log-events";
import { ExportLogsServiceRequestSchema } from "./proto/otlp_logs_pb";
import { digest, seal, sealKeys, unseal } from "./seal";

const A = { traceId: "0af7651916cd43dd8448eb211c80319c", spanId: "b7ad6b7169203331" };
const B = { traceId: "0af7651916cd43dd8448eb211c80319c", spanId: "00f067aa0ba902b7" };
const json = (events: TestEvent[]) => decodeLogsRequest(new TextEncoder().encode(JSON.stringify(otlpLogsJson(events))), "json");

describe("collectEvents", () => {
  it("groups GenAI events by span in arrival order, from event_name or the event.name attribute; the body's fields become attributes", () => {
    const { groups, refused, ignored } = collectEvents(
      json([
        { ...A, name: "gen_ai.system.message", body: { content: "rules" } },
        { ...B, name: "gen_ai.user.message", body: { content: "other span" }, nameAs: "attribute" },
        { ...A, name: "gen_ai.user.message", body: "a string body", attrs: { "gen_ai.system": "openai" } },
        { ...A, name: "gen_ai.choice", body: { index: 0, finish_reason: "stop", message: { role: "assistant", content: "hi" } }, atMs: 5 },
        { ...A, name: "", body: "an application log line" },
        { ...A, name: "http.request", body: { url: "/x" } },
      ]),
    );
    expect(refused).toEqual([]);
    expect(ignored).toBe(2);
    expect(groups.map((g) => [g.spanId, g.events.map((e) => e.name)])).toEqual([
      [A.spanId, ["gen_ai.system.message", "gen_ai.user.message", "gen_ai.choice"]],
      [B.spanId, ["gen_ai.user.message"]],
    ]);
    const [system, userMsg, choice] = groups[0].events;
    expect(system.attrs).toEqual({ content: "rules" });
    expect(userMsg.attrs).toEqual({ "gen_ai.system": "openai", content: "a string body" });
    expect(choice.attrs.message).toEqual({ role: "assistant", content: "hi" });
    expect(choice.timeNs).toBe("1763900000005000000");
    expect(groups[1].events[0].attrs).toMatchObject({ "event.name": "gen_ai.user.message", content: "other span" });
  });

  it("protobuf decodes the same as JSON; an event without a span is refused", () => {
    const events: TestEvent[] = [
      { ...A, name: "gen_ai.user.message", body: { content: "q" } },
      { traceId: "", spanId: "", name: "gen_ai.choice", body: { message: { content: "a" } } },
    ];
    const fromProto = collectEvents(decodeLogsRequest(otlpLogsProtobuf(events), "protobuf"));
    expect(fromProto).toEqual(collectEvents(json(events)));
    expect(fromProto.refused).toEqual([{ spanId: "", reason: "gen_ai.choice: invalid trace_id (16 bytes, not all zero)" }]);
    expect(fromProto.refusedRecords).toBe(1);
  });

  it("an empty request has nothing", () => {
    expect(collectEvents(create(ExportLogsServiceRequestSchema, {}))).toEqual({ groups: [], refused: [], refusedRecords: 0, ignored: 0 });
  });
});

const ev = (name: string, attrs: Record<string, unknown>, timeNs = "0"): EventRecord => ({
  name,
  attrs: attrs as EventRecord["attrs"],
  timeNs,
});

describe("eventFlags: whether events carry an input message and an output", () => {
  it.each([
    ["a user message", [ev("gen_ai.user.message", { content: "q" })], { hasInput: true, hasOutput: false }],
    ["a choice", [ev("gen_ai.choice", { message: { content: "a" } })], { hasInput: false, hasOutput: true }],
    [
      "a choice with only tool calls",
      [ev("gen_ai.choice", { message: { tool_calls: [{ function: { name: "f", arguments: "{}" } }] } })],
      { hasInput: false, hasOutput: true },
    ],
    [
      "messages without content (capture off)",
      [ev("gen_ai.user.message", {}), ev("gen_ai.choice", { index: 0, finish_reason: "stop" })],
      { hasInput: false, hasOutput: false },
    ],
    [
      "the details event",
      [
        ev("gen_ai.client.inference.operation.details", {
          "gen_ai.input.messages": '[{"role":"user","parts":[{"type":"text","content":"q"}]}]',
          "gen_ai.output.messages": '[{"role":"assistant","parts":[{"type":"text","content":"a"}]}]',
        }),
      ],
      { hasInput: true, hasOutput: true },
    ],
    [
      "the older prompt event",
      [ev("gen_ai.content.prompt", { "gen_ai.prompt": '[{"role":"user","content":"q"}]' })],
      { hasInput: true, hasOutput: false },
    ],
  ])("%s", (_what, events, flags) => expect(eventFlags(events)).toEqual(flags));
});

describe("joinedInput", () => {
  const span: SpanPayload = {
    view: { name: "chat gpt-4o", attrs: attributeMap([]), events: [] },
    origin: { traceId: A.traceId, spanId: A.spanId, resource: { "service.name": "svc" }, startNs: "1000000000", endNs: "1250000000" },
  };
  span.view.attrs = {
    "gen_ai.operation.name": "chat",
    "gen_ai.request.model": "gpt-4o",
    "gen_ai.usage.input_tokens": 3,
    "gen_ai.usage.output_tokens": 2,
  };

  it("the span's facts with the events' messages, events ordered by time across exports", () => {
    const input = joinedInput(span, [
      [ev("gen_ai.choice", { message: { content: "answer" } }, "30")],
      [ev("gen_ai.system.message", { content: "rules" }, "10"), ev("gen_ai.user.message", { content: "question" }, "20")],
    ]);
    expect(input).toMatchObject({
      prompt: "system: rules\n\nuser: question",
      response: "answer",
      model: "gpt-4o",
      tokenCount: 5,
      latencyMs: 250,
      metadata: { otel: { traceId: A.traceId, spanId: A.spanId, serviceName: "svc" } },
    });
  });

  it("ties keep arrival order", () => {
    const order = orderEvents([[ev("a", {}, "5"), ev("b", {}, "5")], [ev("c", {}, "1")]]);
    expect(order.map((e) => e.name)).toEqual(["c", "a", "b"]);
  });
});

describe("seal", () => {
  it("opens only with the same organization and associated data; digests are keyed per organization", async () => {
    const a = await sealKeys("secret", "org_a");
    const b = await sealKeys("secret", "org_b");
    const sealed = await seal(a, "org_a|t|s|events", "the prompt");
    expect(sealed).not.toContain("prompt");
    expect(await unseal(a, "org_a|t|s|events", sealed)).toBe("the prompt");
    expect(await unseal(a, "org_a|t|s|span", sealed)).toBeNull();
    expect(await unseal(b, "org_a|t|s|events", sealed)).toBeNull();
    expect(await unseal(await sealKeys("rotated", "org_a"), "org_a|t|s|events", sealed)).toBeNull();
    expect(await digest(a, "x")).toBe(await digest(a, "x"));
    expect(await digest(a, "x")).not.toBe(await digest(b, "x"));
  });
});
