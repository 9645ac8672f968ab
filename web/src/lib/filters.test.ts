import { describe, expect, it } from "vitest";
import { dayBoundary, timeRangeFrom } from "./filters";

describe("filters", () => {
  it("computes the start of a time range", () => {
    const now = Date.parse("2025-03-10T12:00:00.000Z");
    expect(timeRangeFrom("1h", now)).toBe("2025-03-10T11:00:00.000Z");
    expect(timeRangeFrom("7d", now)).toBe("2025-03-03T12:00:00.000Z");
  });
  it("turns date fields into local day boundaries", () => {
    const start = new Date(dayBoundary("2025-03-10", "start")!);
    const end = new Date(dayBoundary("2025-03-10", "end")!);
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours()]).toEqual([2025, 2, 10, 0]);
    expect([end.getDate(), end.getHours(), end.getMinutes()]).toEqual([10, 23, 59]);
    expect(dayBoundary("", "start")).toBeUndefined();
  });
});
