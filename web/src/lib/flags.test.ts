import { describe, expect, it } from "vitest";
import { SAFE_EXPLANATION, flagExplanation } from "@promptsentry/schema/constants/flags";
import { flagTone, highlightSegments, reasonLabels } from "./flags";

describe("flag explanation (Flag Analysis card)", () => {
  it("explains a safe log", () => {
    expect(flagExplanation("safe", [])).toBe(SAFE_EXPLANATION);
  });
  it("lists the reasons with their texts, unknown ones raw", () => {
    expect(flagExplanation("critical", ["prompt_injection", "sensitive_content", "odd_reason"])).toBe(
      "Issues detected: Potential prompt injection attempt detected, Sensitive content flagged, odd_reason",
    );
    expect(flagExplanation("warning", ["high_token_usage"])).toBe("Issues detected: Unusually high token usage detected");
  });
});

describe("reasonLabels", () => {
  it("maps known codes and keeps unknown ones", () => {
    expect(reasonLabels(["jailbreak_attempt", "custom"])).toEqual(["Jailbreak Attempt", "custom"]);
  });
  it("reads 'Unknown' for an empty or missing list", () => {
    expect(reasonLabels([])).toEqual(["Unknown"]);
    expect(reasonLabels(null)).toEqual(["Unknown"]);
  });
});

describe("flagTone", () => {
  it("maps statuses to colours, other values neutral", () => {
    expect(flagTone("safe")).toBe("safe");
    expect(flagTone("critical")).toBe("critical");
    expect(flagTone("pending")).toBe("other");
  });
});

describe("highlightSegments", () => {
  it("marks the given ranges", () => {
    expect(highlightSegments("my key is sk-123 ok", [{ start: 10, end: 16 }])).toEqual([
      { text: "my key is ", mark: false },
      { text: "sk-123", mark: true },
      { text: " ok", mark: false },
    ]);
  });
  it("merges overlaps, sorts, clamps and ignores empty ranges", () => {
    expect(
      highlightSegments("abcdefgh", [
        { start: 5, end: 99 },
        { start: 1, end: 3 },
        { start: 2, end: 4 },
        { start: 6, end: 6 },
      ]),
    ).toEqual([
      { text: "a", mark: false },
      { text: "bcd", mark: true },
      { text: "e", mark: false },
      { text: "fgh", mark: true },
    ]);
  });
  it("returns the whole text without ranges", () => {
    expect(highlightSegments("plain", [])).toEqual([{ text: "plain", mark: false }]);
    expect(highlightSegments("", [])).toEqual([{ text: "", mark: false }]);
  });
});
