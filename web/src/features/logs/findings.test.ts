import { describe, expect, it } from "vitest";
import { findingRows, surenessText } from "./findings";

describe("finding rows in the details dialog", () => {
  it("says how sure the detector was, in words an operator can act on", () => {
    expect(surenessText(0.93)).toBe("93% sure (high)");
    expect(surenessText(0.7)).toBe("70% sure (medium)");
    expect(surenessText(0.41)).toBe("41% sure (low)");
    expect(surenessText(undefined)).toBeNull();
  });
  it("lists each rule once per place, most certain first", () => {
    const rows = findingRows([
      { reason: "sensitive_content", rule: "pii.email", target: "prompt", start: 0, end: 5, score: 0.9 },
      { reason: "prompt_injection", rule: "injection.classifier", target: "prompt", start: 6, end: 20, score: 0.62 },
      { reason: "sensitive_content", rule: "pii.email", target: "prompt", start: 30, end: 40, score: 0.9 },
      { reason: "prompt_injection", rule: "injection.ignore_previous", target: "response", start: 0, end: 9, score: 0.95 },
      { reason: "sensitive_content", rule: "pii.phone", target: "prompt", start: 50, end: 60 },
    ]);
    expect(rows.map((r) => [r.rule, r.where, r.sureness])).toEqual([
      ["injection.ignore_previous", "Response", "95% sure (high)"],
      ["pii.email", "Prompt", "90% sure (high)"],
      ["injection.classifier", "Prompt", "62% sure (medium)"],
      ["pii.phone", "Prompt", null],
    ]);
    expect(rows[0]!.reason).toBe("Prompt Injection");
  });
});
