import { describe, expect, it } from "vitest";
import { paletteActions, paletteHref } from "./palette";

describe("paletteActions", () => {
  it("lists every screen for an empty query", () => {
    const actions = paletteActions("");
    expect(actions.map((a) => a.label)).toContain("Prompt Logs");
    expect(actions.map((a) => a.label)).toContain("Audit log");
    expect(actions.every((a) => a.kind === "screen")).toBe(true);
  });
  it("filters screens by name and offers a search of the logs", () => {
    const actions = paletteActions("alert");
    expect(actions.map((a) => a.label)).toEqual(["Alerts", "Search logs for “alert”"]);
    expect(paletteHref(actions[0]!)).toBe("/alerts");
    expect(paletteHref(actions[1]!)).toBe(`/logs?search=${encodeURIComponent('"alert"')}`);
  });
  it("offers to open a log when the text is a log id, first", () => {
    const id = "01jd8x5k3m9q2r7t4v6w8y0z1a";
    const [first] = paletteActions(` ${id} `);
    expect(first).toMatchObject({ kind: "log", logId: id.toUpperCase() });
    expect(paletteHref(first!)).toBe(`/logs/${id.toUpperCase()}`);
    expect(paletteActions("not-an-id").some((a) => a.kind === "log")).toBe(false);
  });
});
