// The pieces wrapOpenAI and wrapAnthropic share: one flattening of messages for both providers, and
// observation that never changes what the caller gets, even when logging itself fails.
import { describe, expect, it } from "vitest";
import { contentText, followStream, promptText, wrapMethod } from "../src/wrap";

describe("promptText", () => {
  it("shows an OpenAI tool exchange as an Anthropic one is shown", () => {
    const call = { id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } };
    expect(
      promptText([
        { role: "user", content: "Weather in Paris?" },
        { role: "assistant", content: null, tool_calls: [call] },
        { role: "tool", content: "18°C" },
      ]),
    ).toBe(`user: Weather in Paris?\nassistant: ${JSON.stringify([call])}\ntool: 18°C`);
  });

  it("keeps text, tool results and tool calls; leaves out images and thinking", () => {
    const use = { type: "tool_use", id: "t1", name: "f", input: {} };
    const parts = [
      { type: "thinking", thinking: "hmm" },
      { type: "text", text: "a" },
      use,
      { type: "image" },
      { type: "tool_result", content: "r" },
    ];
    expect(contentText(parts)).toBe(`a\nr\n${JSON.stringify([use])}`);
    expect(
      contentText(
        [
          { type: "text", text: "Par" },
          { type: "text", text: "is" },
        ],
        "",
      ),
    ).toBe("Paris");
    expect(contentText(42)).toBe("");
    expect(promptText("nope" as never)).toBe("");
  });
});

describe("observation", () => {
  it("hands the caller its own promise and chunks when the logging throws", async () => {
    const owner = { create: async (n: number) => n * 2 };
    wrapMethod(owner, "create", () => {
      throw new Error("log failed");
    });
    expect(await owner.create(21)).toBe(42);

    const stream = {
      async *[Symbol.asyncIterator]() {
        yield 1;
        yield 2;
      },
    };
    followStream<number>(stream, () => ({
      add() {
        throw new Error("log failed");
      },
      end() {
        throw new Error("log failed");
      },
    }));
    const seen: number[] = [];
    for await (const n of stream) seen.push(n);
    expect(seen).toEqual([1, 2]);
    expect(wrapMethod({}, "create", () => {})).toBe(false);
  });
});
