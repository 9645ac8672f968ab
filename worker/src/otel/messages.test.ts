import { describe, expect, it } from "vitest";
import { contentText, conversationOf, renderMessages, structuredMessages, systemInstructions } from "./messages";

describe("GenAI structured messages", () => {
  it("reads parts: text, tool calls and tool results; media parts carry no text", () => {
    const input = JSON.stringify([
      {
        role: "user",
        parts: [
          { type: "text", content: "Weather in Paris?" },
          { type: "uri", modality: "image", uri: "https://x/y.png" },
        ],
      },
      { role: "assistant", parts: [{ type: "tool_call", id: "c1", name: "get_weather", arguments: { city: "Paris" } }] },
      { role: "tool", parts: [{ type: "tool_call_response", id: "c1", response: "rainy, 57°F" }] },
    ]);
    const messages = structuredMessages(input);
    expect(messages.map(({ role, text }) => ({ role, text }))).toEqual([
      { role: "user", text: "Weather in Paris?" },
      { role: "assistant", text: 'get_weather({"city":"Paris"})' },
      { role: "tool", text: "rainy, 57°F" },
    ]);
    // the turns keep what the text flattens: media by kind, the call apart, the result with its call's id
    expect(conversationOf([...systemInstructions("Be brief."), ...messages])).toEqual([
      { role: "system", content: "Be brief." },
      {
        role: "user",
        content: [
          { type: "text", text: "Weather in Paris?" },
          { type: "media", kind: "image" },
        ],
      },
      { role: "assistant", content: null, toolCalls: [{ id: "c1", name: "get_weather", arguments: '{"city":"Paris"}' }] },
      { role: "tool", content: "rainy, 57°F", toolCallId: "c1" },
    ]);
  });
  it("turns of OpenAI-shaped messages (as instrumentations log them) and of roles outside the four", () => {
    const messages = structuredMessages(
      JSON.stringify([
        { role: "developer", content: "Only JSON." },
        { role: "assistant", content: null, tool_calls: [{ id: "t1", type: "function", function: { name: "f", arguments: "{}" } }] },
        { role: "tool", tool_call_id: "t1", content: "42" },
        { role: "model", content: "Done" },
      ]),
    );
    expect(conversationOf(messages)).toEqual([
      { role: "system", content: "Only JSON." },
      { role: "assistant", content: null, toolCalls: [{ id: "t1", name: "f", arguments: "{}" }] },
      { role: "tool", content: "42", toolCallId: "t1" },
      { role: "assistant", content: "Done" },
    ]);
    expect(conversationOf([])).toBeNull();
  });
  it("accepts the older {role, content} form, a plain string, and non-JSON text", () => {
    expect(structuredMessages('[{"role":"user","content":"Hi"}]')).toEqual([
      { role: "user", text: "Hi", turn: { role: "user", content: "Hi" } },
    ]);
    expect(structuredMessages("just text", "assistant")).toEqual([{ role: "assistant", text: "just text" }]);
    expect(structuredMessages("[not json")).toEqual([{ role: "user", text: "[not json" }]);
    expect(structuredMessages(undefined)).toEqual([]);
    expect(structuredMessages("")).toEqual([]);
  });
  it("system instructions are one system message", () => {
    expect(systemInstructions('[{"type":"text","content":"Be kind."},{"type":"text","content":"Be brief."}]')).toEqual([
      { role: "system", text: "Be kind.\nBe brief." },
    ]);
  });
  it("renders one message as itself and several as role blocks", () => {
    expect(renderMessages([{ role: "user", text: "Hi" }])).toBe("Hi");
    expect(
      renderMessages([
        { role: "system", text: "S" },
        { role: "user", text: "U" },
      ]),
    ).toBe("system: S\n\nuser: U");
    expect(renderMessages([])).toBe("");
  });
  it("contentText of OpenAI-style content arrays", () => {
    expect(
      contentText([
        { type: "text", text: "a" },
        { type: "text", text: "b" },
      ]),
    ).toBe("a\nb");
  });
});
