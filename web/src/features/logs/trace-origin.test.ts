import { describe, expect, it } from "vitest";
import { traceOrigin } from "./trace-origin";

describe("traceOrigin", () => {
  it("reads trace id, span id and service from metadata.otel", () => {
    expect(traceOrigin({ otel: { traceId: "0af7", spanId: "b7ad", serviceName: "bot", convention: "gen_ai" } })).toEqual({
      traceId: "0af7",
      spanId: "b7ad",
      serviceName: "bot",
    });
  });
  it("is null for logs that did not come over OTLP or carry a malformed otel entry", () => {
    expect(traceOrigin(null)).toBeNull();
    expect(traceOrigin({ team: "a" })).toBeNull();
    expect(traceOrigin({ otel: "x" })).toBeNull();
    expect(traceOrigin({ otel: { traceId: 1, spanId: "b" } })).toBeNull();
  });
  it("keeps a span without service.name", () => {
    expect(traceOrigin({ otel: { traceId: "t", spanId: "s" } })?.serviceName).toBeNull();
  });
});
