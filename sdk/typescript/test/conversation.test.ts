// The SDK's copy of the conversation shape and bounds against the server's own schema: what the
// SDK sends as `messages` is always what POST /api/logs accepts, and past the bounds nothing is sent.
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { CONVERSATION_LIMITS as SERVER_LIMITS, conversationSchema } from "@promptsentry/schema/conversation";
import { CONVERSATION_LIMITS, openAiTurns } from "../src/conversation";

describe("openAiTurns", () => {
  it("carries the server's bounds", () => {
    expect(CONVERSATION_LIMITS).toEqual(SERVER_LIMITS);
  });

  it("turns OpenAI messages into turns the server accepts", () => {
    const turns = openAiTurns([
      { role: "developer", content: "Be brief." },
      {
        role: "user",
        name: "n".repeat(300),
        content: [
          { type: "text", text: "What is this?" },
          { type: "image_url", image_url: { url: "https://x/y.png" } },
        ],
      },
      { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "look", arguments: "{}" } }] },
      { role: "tool", tool_call_id: "c1", content: "a cat" },
      { role: "assistant", content: "", refusal: "No." },
    ]);
    expect(turns).toEqual([
      { role: "system", content: "Be brief." },
      {
        role: "user",
        name: "n".repeat(200),
        content: [
          { type: "text", text: "What is this?" },
          { type: "media", kind: "image" },
        ],
      },
      { role: "assistant", content: null, toolCalls: [{ id: "c1", name: "look", arguments: "{}" }] },
      { role: "tool", content: "a cat", toolCallId: "c1" },
      {
        role: "assistant",
        content: [
          { type: "text", text: "" },
          { type: "text", text: "No." },
        ],
      },
    ]);
    expect(v.safeParse(conversationSchema, turns).success).toBe(true);
  });

  it("sends nothing past the bounds (the server would refuse the whole log)", () => {
    expect(openAiTurns(undefined)).toBeUndefined();
    expect(openAiTurns([])).toBeUndefined();
    const many = Array.from({ length: CONVERSATION_LIMITS.messages + 1 }, () => ({ role: "user", content: "x" }));
    expect(openAiTurns(many)).toBeUndefined();
    expect(v.safeParse(conversationSchema, openAiTurns(many.slice(1))).success).toBe(true);
    const long = [
      { role: "user", content: "x".repeat(CONVERSATION_LIMITS.chars) },
      { role: "assistant", content: "y" },
    ];
    expect(openAiTurns(long)).toBeUndefined();
    expect(v.safeParse(conversationSchema, openAiTurns(long.slice(0, 1))).success).toBe(true);
  });
});
