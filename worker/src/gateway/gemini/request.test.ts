import { describe, expect, it } from "vitest";
import { renderRequest } from "../request-text";
import { answerOfGenerate, GeminiStream } from "./answer";
import { geminiConversation } from "./request";

const render = (body: Record<string, unknown>, judge = true) => renderRequest(body, geminiConversation, judge);

describe("geminiConversation", () => {
  it("reads the system instruction and contents' parts as turns; inline data as text when it is text", () => {
    expect(render({ contents: [{ parts: [{ text: "Hello" }] }] }).prompt).toBe("Hello");
    const r = render({
      systemInstruction: { parts: [{ text: "Be brief." }] },
      tools: [{ functionDeclarations: [{ name: "weather", description: "Weather now" }] }],
      contents: [
        { role: "user", parts: [{ text: "Read this" }, { inlineData: { mimeType: "text/plain", data: btoa("file text") } }] },
        { role: "user", parts: [{ inlineData: { mimeType: "image/png", data: btoa("\x89PNG\r\n\x1a\n\x00\x00") } }] },
        {
          role: "model",
          parts: [
            { text: "hmm", thought: true, thoughtSignature: "opaque-sig" },
            { functionCall: { name: "weather", args: { city: "Oslo" } } },
          ],
        },
      ],
    });
    expect(r.prompt).toBe(
      'system: Be brief.\n\nuser: Read this\n[inlineData text/plain] file text\n\nuser: [inlineData image/png] [binary data, 10 bytes]\n\nmodel: [thought] hmm\n[tool call] weather({"city":"Oslo"})',
    );
    expect(r.judged).toContain("description: Weather now");
    expect(r.judged).not.toContain("opaque-sig");
    expect(render({ contents: [{ parts: [{ hologram: "x" }, 4] }] }).unknownParts).toEqual([
      "contents[0].parts[0] (hologram)",
      "contents[0].parts[1] (number)",
    ]);
  });
});

describe("Gemini answers", () => {
  it("reads a response, a stream's chunks and a streamed JSON array alike", () => {
    const chunks = [
      { candidates: [{ content: { parts: [{ text: "Hel" }] } }], modelVersion: "gemini-2.5-flash" },
      {
        candidates: [{ content: { parts: [{ text: "lo" }, { functionCall: { name: "f", args: {} } }] }, finishReason: "STOP" }],
        usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 2, thoughtsTokenCount: 4, totalTokenCount: 9 },
      },
    ];
    const expected = {
      text: "Hello\n[tool call] f({})",
      model: "gemini-2.5-flash",
      usage: { prompt_tokens: 3, completion_tokens: 6, total_tokens: 9 },
      finishReason: "STOP",
    };
    expect(answerOfGenerate(chunks)).toEqual(expected);
    const s = new GeminiStream();
    expect(s.feed(JSON.stringify(chunks[0]))).toBe(true);
    s.feed(JSON.stringify(chunks[1]));
    expect(s.result()).toEqual(expected);
    expect(answerOfGenerate(null)).toEqual({ text: "", model: null, usage: null, finishReason: null });
  });
});
