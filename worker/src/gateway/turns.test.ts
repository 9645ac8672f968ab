import { describe, expect, it } from "vitest";
import { CONVERSATION_LIMITS } from "@promptsentry/schema/conversation";
import { requestText } from "./request-text";
import { chatTurns } from "./turns";

describe("chatTurns", () => {
  it("keeps roles, text and media parts, tool calls and results; the prompt stays as it was", () => {
    const body = {
      model: "gpt-4o",
      messages: [
        { role: "developer", content: "Answer in French." },
        {
          role: "user",
          name: "ana",
          content: [
            { type: "text", text: "What is in this picture?" },
            { type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } },
          ],
        },
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "call_1", type: "function", function: { name: "look", arguments: '{"x":1}' } }],
        },
        { role: "tool", tool_call_id: "call_1", content: "a cat" },
        { role: "assistant", content: "", refusal: "I can't say." },
        { role: "function", name: "old", content: "legacy" },
      ],
    };
    expect(chatTurns(body.messages)).toEqual([
      { role: "system", content: "Answer in French." },
      {
        role: "user",
        name: "ana",
        content: [
          { type: "text", text: "What is in this picture?" },
          { type: "media", kind: "image" },
        ],
      },
      { role: "assistant", content: null, toolCalls: [{ id: "call_1", name: "look", arguments: '{"x":1}' }] },
      { role: "tool", content: "a cat", toolCallId: "call_1" },
      {
        role: "assistant",
        content: [
          { type: "text", text: "" },
          { type: "text", text: "I can't say." },
        ],
      },
      { role: "tool", name: "old", content: "legacy" },
    ]);
    // the flattened prompt the detector scans is the request-text module's, untouched by the turns
    expect(requestText(body).prompt).toContain("developer: Answer in French.");
  });

  it("keeps nothing when there are no messages or they pass the bounds (the prompt alone is logged)", () => {
    expect(chatTurns(undefined)).toBeNull();
    expect(chatTurns([])).toBeNull();
    expect(chatTurns([{ role: "user", content: "x".repeat(CONVERSATION_LIMITS.chars + 1) }])).toBeNull();
    expect(chatTurns(Array.from({ length: CONVERSATION_LIMITS.messages + 1 }, () => ({ role: "user", content: "x" })))).toBeNull();
  });

  it("names an unknown part by its type and cuts over-long names and ids", () => {
    const long = "n".repeat(500);
    expect(chatTurns([{ role: "user", name: long, content: [{ type: "hologram", data: "..." }] }])).toEqual([
      { role: "user", name: long.slice(0, CONVERSATION_LIMITS.nameChars), content: [{ type: "media", kind: "hologram" }] },
    ]);
  });
});
