import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { logsSearchSchema } from "./search";

describe("logs search params", () => {
  it("keeps valid filters", () => {
    expect(
      v.parse(logsSearchSchema, { search: "token", flagStatus: "critical", model: "gpt-4", from: "2025-01-01T00:00:00.000Z" }),
    ).toEqual({ search: "token", flagStatus: "critical", model: "gpt-4", from: "2025-01-01T00:00:00.000Z" });
  });
  it("keeps the blocked filter as a boolean, whether the router parsed it or not", () => {
    expect(v.parse(logsSearchSchema, { blocked: true }).blocked).toBe(true);
    expect(v.parse(logsSearchSchema, { blocked: "false" }).blocked).toBe(false);
    expect(v.parse(logsSearchSchema, { blocked: "maybe" }).blocked).toBeUndefined();
  });
  it("drops invalid values instead of failing", () => {
    expect(v.parse(logsSearchSchema, { flagStatus: "bogus", from: "yesterday-ish", search: 42 })).toEqual({
      flagStatus: undefined,
      from: undefined,
      search: "42",
    });
  });
});
