import { describe, expect, it } from "vitest";
import { MAX_TEXT_CHARS } from "@promptsentry/schema/constants/ingestion";
import { MAX_JUDGED_CHARS, requestText } from "./request-text";

describe("requestText", () => {
  it("keeps a lone user message as it is, and judges nothing more when nothing else is forwarded", () => {
    const r = requestText({ model: "gpt-4o", messages: [{ role: "user", content: "Hello" }], stream: true, temperature: 0.2 });
    expect(r).toEqual({ prompt: "Hello", judged: "Hello", unknownParts: [], tooLong: false });
  });

  it("writes a conversation as role blocks: text-bearing parts as text, media parts by type, calls readable", () => {
    const r = requestText({
      model: "gpt-4o",
      messages: [
        { role: "system", content: "Be brief." },
        {
          role: "user",
          content: [
            { type: "text", text: "What is in" },
            { type: "input_text", text: "this" },
            { type: "image_url", image_url: { url: "https://x.test/a.png" } },
          ],
        },
        {
          role: "assistant",
          content: [{ type: "refusal", refusal: "I can't." }],
          tool_calls: [{ id: "call_1", type: "function", function: { name: "lookup", arguments: '{"q":"x"}' } }],
        },
        { role: "assistant", content: null, function_call: { name: "old", arguments: "{}" } },
      ],
    });
    expect(r.prompt).toBe(
      'system: Be brief.\n\nuser: What is in\nthis\n[image_url]\n\nassistant: I can\'t.\n[tool call] lookup({"q":"x"})\n\nassistant: [function call] old({})',
    );
    // the strings the conversation does not show are judged after it, named by their field
    expect(r.judged).toBe(`${r.prompt}\n\nurl: https://x.test/a.png\nid: call_1\ntype: function`);
  });

  it("judges every other string in the body, keys that are text, and text files sent as data URLs", () => {
    const r = requestText({
      model: "gpt-4o",
      messages: [
        {
          role: "user",
          content: [{ type: "file", file: { filename: "a.txt", file_data: `data:text/plain;base64,${btoa("file text")}` } }],
        },
      ],
      tools: [{ type: "function", function: { name: "f", description: "tool text" } }],
      prediction: { type: "content", content: "predicted text" },
      metadata: { "a key that is text": "v" },
      image: "data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==",
    });
    expect(r.prompt).toBe("[file]");
    expect(r.judged.split("\n").slice(2)).toEqual([
      "filename: a.txt",
      "file_data: file text",
      "type: function",
      "name: f",
      "description: tool text",
      "type: content",
      "content: predicted text",
      "field name: a key that is text",
      "field: v",
      "image: [binary data, 43 bytes]",
    ]);
  });

  it("renders the conversation only when not asked to judge", () => {
    const body = { model: "m", messages: [{ role: "user", content: "hi" }], tools: [{ function: { description: "tool text" } }] };
    expect(requestText(body, false)).toEqual({ prompt: "hi", judged: "hi", unknownParts: [], tooLong: false });
    expect(requestText(body).judged).toBe("hi\n\ndescription: tool text");
  });

  it("names content parts it does not know; their strings are judged all the same", () => {
    const r = requestText({
      model: "m",
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "hi" },
            { type: "hologram", data: "odd" },
          ],
        },
      ],
    });
    expect(r.unknownParts).toEqual(["messages[0].content[1] (hologram)"]);
    expect(r.judged).toContain("data: odd");
  });

  it("cuts the stored prompt at the longest text a log holds, judges it whole, and says when there is too much to judge", () => {
    const long = requestText({ model: "m", messages: [{ role: "user", content: "x".repeat(MAX_TEXT_CHARS + 10) }] });
    expect(long.prompt).toHaveLength(MAX_TEXT_CHARS);
    expect(long.judged).toHaveLength(MAX_TEXT_CHARS + 10);
    expect(long.tooLong).toBe(false);
    const many = requestText({ model: "m", messages: [{ role: "user", content: "hi" }], stop: Array(MAX_JUDGED_CHARS / 4).fill("a") });
    expect(many.tooLong).toBe(true);
    expect(many.judged.length).toBeLessThan(MAX_JUDGED_CHARS + 100);
  });
});
