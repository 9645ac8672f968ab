import { describe, expect, it } from "vitest";
import { answerOfCompletion, answerOfTruncatedCompletion, StreamAnswer, tokenCountOf } from "./chat-log";
import { completionsUrl } from "./upstream";

describe("answers", () => {
  it("reads a completion's first choice, tool calls and usage", () => {
    const answer = answerOfCompletion({
      model: "gpt-4o-2024",
      usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
      choices: [{ message: { content: "Hi", tool_calls: [{ function: { name: "f", arguments: "{}" } }] }, finish_reason: "tool_calls" }],
    });
    expect(answer).toEqual({
      text: "Hi\n[tool call] f({})",
      model: "gpt-4o-2024",
      usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
      finishReason: "tool_calls",
    });
    expect(answerOfCompletion(null)).toEqual({ text: "", model: null, usage: null, finishReason: null });
  });

  it("assembles a stream from its deltas, tool-call fragments and final usage; says which chunks carried content", () => {
    const s = new StreamAnswer();
    const chunk = (c: object) => JSON.stringify({ model: "m-1", ...c });
    expect(s.feed(chunk({ choices: [{ index: 0, delta: { role: "assistant", content: "" } }] }))).toBe(false);
    expect(s.feed(chunk({ choices: [{ index: 0, delta: { content: "Hel" } }] }))).toBe(true);
    expect(
      s.feed(
        chunk({
          choices: [
            { index: 0, delta: { content: "lo" } },
            { index: 1, delta: { content: "other choice" } },
          ],
        }),
      ),
    ).toBe(true);
    s.feed(chunk({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { name: "look", arguments: '{"a"' } }] } }] }));
    s.feed(
      chunk({
        choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { name: "up", arguments: ":1}" } }] }, finish_reason: "stop" }],
      }),
    );
    s.feed(chunk({ choices: [], usage: { total_tokens: 42 } }));
    expect(s.feed("not json")).toBe(false);
    expect(s.feed("[DONE]")).toBe(false);
    expect(s.result()).toEqual({
      text: 'Hello\n[tool call] lookup({"a":1})',
      model: "m-1",
      usage: { total_tokens: 42 },
      finishReason: "stop",
    });
  });

  it("reads a completion cut off after some bytes: the content so far, incomplete escapes dropped", () => {
    const whole = String.raw`{"id":"c","model":"gpt-4o","choices":[{"index":0,"message":{"role":"assistant","content":"a \"b\" \\ \u00e9 \ud83d\ude00 end"}}]}`;
    const upTo = (s: string, extra: number) => whole.slice(0, whole.indexOf(s) + extra);
    expect(answerOfTruncatedCompletion(whole.slice(0, -3))).toEqual({
      text: 'a "b" \\ é 😀 end',
      model: "gpt-4o",
      usage: null,
      finishReason: null,
    });
    expect(answerOfTruncatedCompletion(upTo(String.raw`\"b`, 1)).text).toBe("a ");
    expect(answerOfTruncatedCompletion(upTo(String.raw`\u00e9`, 4)).text).toBe('a "b" \\ ');
    expect(answerOfTruncatedCompletion(upTo(" end", 0)).text).toBe('a "b" \\ é 😀');
    expect(answerOfTruncatedCompletion(upTo('"content":"', 11)).text).toBe("");
    expect(answerOfTruncatedCompletion('{"mod')).toEqual({ text: "", model: null, usage: null, finishReason: null });
    // A `content` key before the choices is not taken for the answer.
    expect(answerOfTruncatedCompletion('{"content":"no","choices":[{"message":{"content":"yes').text).toBe("yes");
  });

  it("takes tokens from usage, else estimates and says so", () => {
    expect(tokenCountOf("p", { text: "", model: null, usage: { total_tokens: 9 }, finishReason: null })).toEqual({
      tokens: 9,
      estimated: false,
    });
    expect(tokenCountOf("p", { text: "", model: null, usage: { prompt_tokens: 2, completion_tokens: 3 }, finishReason: null })).toEqual({
      tokens: 5,
      estimated: false,
    });
    expect(tokenCountOf("x".repeat(40), { text: "y".repeat(8), model: null, usage: null, finishReason: null })).toEqual({
      tokens: 12,
      estimated: true,
    });
  });
});

describe("completionsUrl", () => {
  it("appends /chat/completions to the base path, with or without a trailing slash", () => {
    expect(completionsUrl(new URL("https://api.openai.com/v1"))).toBe("https://api.openai.com/v1/chat/completions");
    expect(completionsUrl(new URL("https://llm.example.com/openai/v1/"))).toBe("https://llm.example.com/openai/v1/chat/completions");
  });
});
