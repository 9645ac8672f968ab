import { describe, expect, it } from "vitest";
import { percent, precisionLine } from "./precision";

describe("precisionLine", () => {
  it("states the share of reviewed flags that were right, and how many were reviewed", () => {
    expect(precisionLine({ precision: 23 / 25, reviewedFlags: 25 })).toBe("Precision estimate: 92% (from 25 reviewed flags)");
    expect(precisionLine({ precision: 0, reviewedFlags: 1 })).toBe("Precision estimate: 0% (from 1 reviewed flag)");
    expect(precisionLine({ precision: 2 / 3, reviewedFlags: 1200 })).toBe("Precision estimate: 67% (from 1,200 reviewed flags)");
  });

  it("has an empty state instead of a made-up figure before any review", () => {
    expect(precisionLine({ precision: null, reviewedFlags: 0 })).toBe("Precision estimate: no flags reviewed yet");
    expect(percent(null)).toBe("–");
  });
});
