import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { alertTab, alertsSearchSchema } from "./search";

describe("alerts search params", () => {
  it("keeps a known tab and drops anything else to the default", () => {
    const parse = (input: unknown) => alertTab(v.parse(alertsSearchSchema, input));
    expect(parse({ tab: "all" })).toBe("all");
    expect(parse({ tab: "unacknowledged" })).toBe("unacknowledged");
    expect(parse({})).toBe("unacknowledged");
    for (const bad of ["ALL", "", 1, null, ["all"], "<script>"]) expect(parse({ tab: bad })).toBe("unacknowledged");
  });
});
