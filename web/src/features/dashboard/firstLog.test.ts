import { describe, expect, it } from "vitest";
import { firstLogSnippets } from "./FirstLogCard";

describe("firstLogSnippets", () => {
  it("gives the four ways in with this deployment's endpoint and a key placeholder, never a key", () => {
    const snippets = firstLogSnippets("https://sentry.example.com/");
    expect(snippets.map((s) => s.label)).toEqual(["curl", "SDK", "OpenTelemetry", "Gateway"]);
    const by = Object.fromEntries(snippets.map((s) => [s.id, s.code]));
    expect(by.curl).toContain("https://sentry.example.com/api/logs");
    expect(by.otel).toContain('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT="https://sentry.example.com/api/otel/v1/traces"');
    expect(by.gateway).toContain('base_url="https://sentry.example.com/api/gateway/v1"');
    for (const s of snippets) {
      expect(s.code).toContain("YOUR_API_KEY");
      expect(s.code).not.toMatch(/pk_live_/);
    }
  });
});
