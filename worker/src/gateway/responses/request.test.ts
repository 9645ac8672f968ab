import { describe, expect, it } from "vitest";
import { renderRequest } from "../request-text";
import { responsesConversation } from "./request";

const render = (body: Record<string, unknown>, judge = true) => renderRequest(body, responsesConversation, judge);

describe("responsesConversation", () => {
  it("reads a string input as it is, and instructions and item lists as turns", () => {
    expect(render({ model: "gpt-4.1", input: "Hello" }).prompt).toBe("Hello");
    const r = render({
      model: "gpt-4.1",
      instructions: "Be brief.",
      tools: [{ type: "function", name: "lookup", description: "Looks things up" }],
      input: [
        {
          role: "user",
          content: [
            { type: "input_text", text: "Find it" },
            { type: "input_image", image_url: "https://x/y.png" },
          ],
        },
        { type: "reasoning", id: "rs_1", summary: [{ type: "summary_text", text: "Need lookup" }], encrypted_content: "gAAAA-opaque" },
        { type: "function_call", call_id: "c1", name: "lookup", arguments: '{"q":1}' },
        { type: "function_call_output", call_id: "c1", output: "found" },
        { type: "message", role: "assistant", content: [{ type: "output_text", text: "Here" }] },
        { type: "item_reference", id: "msg_0" },
      ],
    });
    expect(r.prompt).toBe(
      'system: Be brief.\n\nuser: Find it\n[input_image]\n\nassistant: [reasoning] Need lookup\n\nassistant: [tool call] lookup({"q":1})\n\ntool: found\n\nassistant: Here',
    );
    expect(r.judged).toContain("description: Looks things up");
    expect(r.judged).toContain("image_url: https://x/y.png");
    expect(r.judged).not.toContain("gAAAA-opaque");
    expect(r.unknownParts).toEqual([]);
  });

  it("names items and parts it does not know", () => {
    const r = render({ model: "m", input: [{ type: "hologram_call", x: "y" }, { role: "user", content: [{ type: "input_smell" }] }, 3] });
    expect(r.unknownParts).toEqual(["input[0] (hologram_call)", "input[1].content[0] (input_smell)", "input[2] (number)"]);
  });
});
