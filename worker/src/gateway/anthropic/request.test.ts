import { describe, expect, it } from "vitest";
import { renderRequest } from "../request-text";
import { anthropicConversation } from "./request";

const render = (body: Record<string, unknown>, judge = true) => renderRequest(body, anthropicConversation, judge);

describe("anthropicConversation", () => {
  it("reads a lone user message as it is, and system blocks, tool use and tool results as turns", () => {
    expect(render({ model: "claude", messages: [{ role: "user", content: "Hello" }], max_tokens: 5 }).prompt).toBe("Hello");
    const r = render({
      model: "claude",
      system: [{ type: "text", text: "Be brief.", cache_control: { type: "ephemeral" } }],
      tools: [{ name: "weather", description: "Weather now", input_schema: { type: "object" } }],
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "Weather?" },
            { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
          ],
        },
        {
          role: "assistant",
          content: [
            { type: "thinking", thinking: "Look it up.", signature: "sig" },
            { type: "tool_use", id: "t1", name: "weather", input: { city: "Oslo" } },
          ],
        },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "-3 C" }] }] },
      ],
    });
    expect(r.prompt).toBe(
      'system: Be brief.\n\nuser: Weather?\n[image]\n\nassistant: [thinking] Look it up.\n[tool call] weather({"city":"Oslo"})\n\nuser: [tool result] -3 C',
    );
    // every other string is judged with its field name; the thinking signature, an opaque token, is not
    expect(r.judged).toContain("description: Weather now");
    expect(r.judged).toContain("tool_use_id: t1");
    expect(r.judged).not.toContain("sig");
    expect(r.unknownParts).toEqual([]);
  });

  it("names content blocks it does not know, and renders without judging when the guardrail is off", () => {
    const body = { model: "m", messages: [{ role: "user", content: [{ type: "hologram", text: "x" }, "loose"] }] };
    expect(render(body).unknownParts).toEqual(["messages[0].content[0] (hologram)", "messages[0].content[1] (string)"]);
    expect(render({ model: "m", messages: [{ role: "user", content: "hi" }], metadata: { user_id: "u" } }, false)).toEqual({
      prompt: "hi",
      judged: "hi",
      unknownParts: [],
      tooLong: false,
    });
  });
});
