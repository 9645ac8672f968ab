import { describe, expect, it } from "vitest";
import { GATEWAY_HEADERS_TIMEOUT_MS, GATEWAY_IDLE_TIMEOUT_MS } from "@promptsentry/schema/constants/gateway";
import { gatewayTimeouts } from "./forward";

describe("gatewayTimeouts", () => {
  it("takes positive whole milliseconds from the bindings, else the defaults", () => {
    expect(gatewayTimeouts({})).toEqual({ headersMs: GATEWAY_HEADERS_TIMEOUT_MS, idleMs: GATEWAY_IDLE_TIMEOUT_MS });
    expect(gatewayTimeouts({ GATEWAY_HEADERS_TIMEOUT_MS: "250", GATEWAY_IDLE_TIMEOUT_MS: "40" })).toEqual({ headersMs: 250, idleMs: 40 });
    for (const bad of ["", "0", "-5", "1.5", "soon", "1e400"])
      expect(gatewayTimeouts({ GATEWAY_HEADERS_TIMEOUT_MS: bad, GATEWAY_IDLE_TIMEOUT_MS: bad })).toEqual({
        headersMs: GATEWAY_HEADERS_TIMEOUT_MS,
        idleMs: GATEWAY_IDLE_TIMEOUT_MS,
      });
  });
});
