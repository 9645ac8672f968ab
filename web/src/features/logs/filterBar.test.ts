import { describe, expect, it } from "vitest";
import { FILTER_MESSAGES, isoToLocal, localToIso, rangeProblem, searchProblem } from "./filterBar";

describe("filter bar checks", () => {
  it("refuses a reversed or empty custom range", () => {
    expect(rangeProblem("2026-01-02T00:00:00.000Z", "2026-01-01T00:00:00.000Z")).toBe(FILTER_MESSAGES.reversedRange);
    expect(rangeProblem(undefined, undefined)).toBe(FILTER_MESSAGES.incompleteRange);
    expect(rangeProblem("2026-01-01T00:00:00.000Z", undefined)).toBeNull();
    expect(rangeProblem("2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z")).toBeNull();
  });
  it("says when a search is too long instead of sending it", () => {
    expect(searchProblem("x".repeat(500))).toBeNull();
    expect(searchProblem("x".repeat(501))).toBe("Search is limited to 500 characters");
  });
  it("round-trips local date-time fields", () => {
    const iso = localToIso("2026-03-04T05:06")!;
    expect(isoToLocal(iso)).toBe("2026-03-04T05:06");
    expect(localToIso("")).toBeUndefined();
    expect(isoToLocal("nope")).toBe("");
  });
});
