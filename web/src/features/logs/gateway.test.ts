import { describe, expect, it } from "vitest";
import { gatewayFacts } from "./gateway";

describe("gatewayFacts", () => {
  it("reads the gateway's metadata", () => {
    expect(
      gatewayFacts({ gateway: { upstream: "https://api.openai.com", status: 200, stream: true, firstTokenMs: 120, totalMs: 900 } }),
    ).toEqual({
      upstream: "https://api.openai.com",
      status: 200,
      stream: true,
      firstTokenMs: 120,
      totalMs: 900,
    });
  });
  it("is null for logs that did not come through the gateway, and ignores ill-typed values", () => {
    expect(gatewayFacts(null)).toBeNull();
    expect(gatewayFacts({ other: 1 })).toBeNull();
    expect(gatewayFacts({ gateway: ["x"] })).toBeNull();
    expect(gatewayFacts({ gateway: { status: "200", firstTokenMs: Infinity } })).toMatchObject({
      status: null,
      firstTokenMs: null,
      stream: false,
    });
  });
});
