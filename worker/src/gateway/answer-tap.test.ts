import { describe, expect, it } from "vitest";
import { JsonTap, StreamTap } from "./answer-tap";

const bytes = (s: string) => new TextEncoder().encode(s);
const event = (content: string) => `data: ${JSON.stringify({ model: "m", choices: [{ index: 0, delta: { content } }] })}\n\n`;

describe("StreamTap", () => {
  it("assembles the answer of the events wholly inside its cap, and reads nothing after", () => {
    const first = event("Hello ");
    const tap = new StreamTap(Date.now(), first.length + 10);
    tap.write(bytes(first));
    expect(tap.truncated).toBe(false);
    tap.write(bytes(event("world")));
    expect(tap).toMatchObject({ truncated: true, loggedBytes: first.length + 10 });
    tap.write(bytes(event("more")));
    expect(tap.loggedBytes).toBe(first.length + 10);
    expect(tap.answer()).toMatchObject({ text: "Hello ", model: "m" });
    expect(tap.firstTokenMs).toBeGreaterThanOrEqual(0);
  });

  it("reads a whole stream within its cap, an event split across chunks included", () => {
    const all = `${event("a")}${event("b")}data: [DONE]\n\n`;
    const tap = new StreamTap(Date.now());
    for (let i = 0; i < all.length; i += 7) tap.write(bytes(all.slice(i, i + 7)));
    expect(tap.truncated).toBe(false);
    expect(tap.answer().text).toBe("ab");
  });
});

describe("JsonTap", () => {
  const completion = JSON.stringify({
    model: "gpt-x",
    choices: [{ index: 0, message: { role: "assistant", content: 'Grüße "quoted" \u00e9' }, finish_reason: "stop" }],
    usage: { total_tokens: 5 },
  });

  it("parses a completion within its cap, however it was chunked (UTF-8 split across chunks)", () => {
    const tap = new JsonTap();
    const all = bytes(completion);
    for (let i = 0; i < all.length; i += 3) tap.write(all.subarray(i, i + 3));
    expect(tap.answer()).toEqual({ text: 'Grüße "quoted" é', model: "gpt-x", usage: { total_tokens: 5 }, finishReason: "stop" });
    expect(tap.truncated).toBe(false);
  });

  it("over its cap: the first choice's content as far as the cap went, and the model; the rest unread", () => {
    const cut = bytes(completion.slice(0, completion.indexOf("quoted"))).length;
    const tap = new JsonTap(cut + 3);
    tap.write(bytes(completion.slice(0, 20)));
    tap.write(bytes(completion.slice(20)));
    tap.write(bytes("more after the cap"));
    expect(tap).toMatchObject({ truncated: true, loggedBytes: cut + 3 });
    expect(tap.answer()).toEqual({ text: 'Grüße "quo', model: "gpt-x", usage: null, finishReason: null });
  });
});
