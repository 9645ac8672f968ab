import { describe, expect, it } from "vitest";
import { estimateCostCents, priceCentsPer1k } from "./pricing";

describe("pricing", () => {
  it("matches the longest model prefix", () => {
    expect(priceCentsPer1k("gpt-4o-mini-2024")).toBe(0.04);
    expect(priceCentsPer1k("gpt-4o")).toBe(0.75);
    expect(priceCentsPer1k("GPT-4")).toBe(4.5);
    expect(priceCentsPer1k("claude-3-opus-20240229")).toBe(4.5);
  });
  it("falls back for unknown models and scales with tokens", () => {
    expect(priceCentsPer1k("mystery-model")).toBe(0.5);
    expect(estimateCostCents("gpt-4", 2000)).toBe(9);
    expect(estimateCostCents("gpt-3.5-turbo", 0)).toBe(0);
  });
});
