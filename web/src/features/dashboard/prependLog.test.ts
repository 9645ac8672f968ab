import { describe, expect, it } from "vitest";
import type { PromptLog } from "../../api/types";
import { prependLog } from "./prependLog";

const log = (id: string) => ({ id }) as PromptLog;

describe("prependLog", () => {
  it("puts the new log on top and trims to the feed size", () => {
    const list = Array.from({ length: 10 }, (_, i) => log(String(i)));
    const out = prependLog(list, log("new"), 10);
    expect(out).toHaveLength(10);
    expect(out[0]!.id).toBe("new");
    expect(out[9]!.id).toBe("8");
  });
  it("does not duplicate a log it already has", () => {
    expect(prependLog([log("a"), log("b")], log("b")).map((l) => l.id)).toEqual(["b", "a"]);
  });
  it("starts a list from nothing", () => {
    expect(prependLog(undefined, log("a")).map((l) => l.id)).toEqual(["a"]);
  });
});
