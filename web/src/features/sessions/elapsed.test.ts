import { describe, expect, it } from "vitest";
import { formatElapsed } from "./elapsed";

describe("formatElapsed", () => {
  it("reads as a person would say it", () => {
    expect(formatElapsed(850)).toBe("850 ms");
    expect(formatElapsed(12_400)).toBe("12 s");
    expect(formatElapsed(185_000)).toBe("3 min 5 s");
    expect(formatElapsed(120_000)).toBe("2 min");
    expect(formatElapsed(2 * 3_600_000 + 4 * 60_000)).toBe("2 h 4 min");
    expect(formatElapsed(-5)).toBe("0 ms");
  });
});
