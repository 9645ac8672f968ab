import { describe, expect, it } from "vitest";
import { AnthropicStream, answerOfMessage, answerOfTruncatedMessage } from "./answer";

describe("Anthropic answers", () => {
  it("reads a message's text and tool use, stop reason, and usage with cache tokens", () => {
    expect(
      answerOfMessage({
        model: "claude-sonnet-4-5-20250929",
        content: [
          { type: "text", text: "Let me check." },
          { type: "tool_use", id: "t", name: "weather", input: { city: "Oslo" } },
        ],
        stop_reason: "tool_use",
        usage: { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 100, cache_creation_input_tokens: 0 },
      }),
    ).toEqual({
      text: 'Let me check.\n[tool call] weather({"city":"Oslo"})',
      model: "claude-sonnet-4-5-20250929",
      usage: { prompt_tokens: 110, completion_tokens: 5, total_tokens: 115 },
      finishReason: "tool_use",
    });
    expect(answerOfMessage(null)).toEqual({ text: "", model: null, usage: null, finishReason: null });
    expect(answerOfTruncatedMessage('{"id":"m","model":"claude-x","content":[{"type":"text","text":"Hel')).toMatchObject({
      text: "Hel",
      model: "claude-x",
    });
  });

  it("assembles a stream's text and tool input deltas, and takes the final usage and stop reason", () => {
    const s = new AnthropicStream();
    const feed = (e: object) => s.feed(JSON.stringify(e));
    expect(feed({ type: "message_start", message: { model: "claude-haiku-4-5", usage: { input_tokens: 7, output_tokens: 1 } } })).toBe(
      false,
    );
    feed({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } });
    expect(feed({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hi " } })).toBe(true);
    feed({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "there" } });
    feed({ type: "content_block_start", index: 1, content_block: { type: "tool_use", name: "look", input: {} } });
    feed({ type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: '{"q":' } });
    feed({ type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: "1}" } });
    expect(feed({ type: "ping" })).toBe(false);
    feed({ type: "message_delta", delta: { stop_reason: "tool_use" }, usage: { output_tokens: 12 } });
    expect(s.feed("not json")).toBe(false);
    expect(s.result()).toEqual({
      text: 'Hi there\n[tool call] look({"q":1})',
      model: "claude-haiku-4-5",
      usage: { prompt_tokens: 7, completion_tokens: 12, total_tokens: 19 },
      finishReason: "tool_use",
    });
    expect(new AnthropicStream().result().usage).toBeNull();
  });
});
