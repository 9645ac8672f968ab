import { describe, expect, it } from "vitest";
import { estimateCostCents, priceCentsPer1k } from "./pricing";

describe("pricing", () => {
  it("matches the longest model prefix", () => {
    expect(priceCentsPer1k("gpt-4o-mini-2024")).toBe(0.04);
    expect(priceCentsPer1k("gpt-4o")).toBe(0.75);
    expect(priceCentsPer1k("GPT-4")).toBe(4.5);
    expect(priceCentsPer1k("claude-3-opus-20240229")).toBe(4.5);
  });
  it("prices the Claude and Gemini models the gateway's providers answer with, and newer OpenAI ones", () => {
    expect(priceCentsPer1k("claude-sonnet-4-5-20250929")).toBe(0.9);
    expect(priceCentsPer1k("claude-opus-4-1-20250805")).toBe(4.5);
    expect(priceCentsPer1k("claude-opus-4-5-20251101")).toBe(1.5);
    expect(priceCentsPer1k("claude-haiku-4-5")).toBe(0.3);
    expect(priceCentsPer1k("claude-3-5-haiku-latest")).toBe(0.24);
    expect(priceCentsPer1k("gemini-2.5-flash-lite")).toBe(0.025);
    expect(priceCentsPer1k("gemini-2.5-flash")).toBe(0.14);
    expect(priceCentsPer1k("gemini-2.5-pro")).toBe(0.5625);
    expect(priceCentsPer1k("gpt-4.1-mini-2025-04-14")).toBe(0.1);
    expect(priceCentsPer1k("gpt-5")).toBe(0.5625);
  });
  it("falls back for unknown models and scales with tokens", () => {
    expect(priceCentsPer1k("mystery-model")).toBe(0.5);
    expect(estimateCostCents("gpt-4", 2000)).toBe(9);
    expect(estimateCostCents("gpt-3.5-turbo", 0)).toBe(0);
  });
});
