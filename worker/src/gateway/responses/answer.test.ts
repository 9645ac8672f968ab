import { describe, expect, it } from "vitest";
import { answerOfResponse, answerOfTruncatedResponse, ResponsesStream } from "./answer";

const response = {
  model: "gpt-4.1-2025",
  status: "completed",
  output: [
    { type: "reasoning", summary: [] },
    { type: "message", content: [{ type: "output_text", text: "Hi" }] },
    { type: "function_call", name: "f", arguments: "{}" },
  ],
  usage: { input_tokens: 3, output_tokens: 4, total_tokens: 7 },
};

describe("Responses answers", () => {
  it("reads a response's output text, function calls, status and usage", () => {
    expect(answerOfResponse(response)).toEqual({
      text: "Hi\n[tool call] f({})",
      model: "gpt-4.1-2025",
      usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
      finishReason: "completed",
    });
    expect(answerOfResponse({ status: "incomplete", incomplete_details: { reason: "max_output_tokens" } }).finishReason).toBe(
      "max_output_tokens",
    );
    expect(
      answerOfTruncatedResponse('{"model":"gpt-x","output":[{"type":"message","content":[{"type":"output_text","text":"Hel'),
    ).toMatchObject({
      text: "Hel",
      model: "gpt-x",
    });
  });

  it("assembles a stream from its deltas, and takes the completed response's usage", () => {
    const s = new ResponsesStream();
    const feed = (e: object) => s.feed(JSON.stringify(e));
    feed({ type: "response.created", response: { model: "gpt-4.1-2025", output: [] } });
    expect(feed({ type: "response.output_text.delta", delta: "Hi" })).toBe(true);
    feed({ type: "response.output_item.added", output_index: 1, item: { type: "function_call", name: "f" } });
    expect(feed({ type: "response.function_call_arguments.delta", output_index: 1, delta: "{}" })).toBe(true);
    expect(s.result()).toEqual({ text: "Hi\n[tool call] f({})", model: "gpt-4.1-2025", usage: null, finishReason: null });
    feed({ type: "response.completed", response });
    expect(s.result()).toEqual(answerOfResponse(response));
  });
});
