import { describe, expect, it } from "vitest";
import { settingsBody } from "@promptsentry/schema/requests/settings";
import type { Settings } from "../../api/types";
import { validateForm } from "../../lib/form";
import { isDirty, keyFieldValue, toBody, toDraft } from "./draft";

const settings: Settings = {
  organizationName: "Acme",
  retentionDays: 30,
  emailAlerts: true,
  slackNotifications: false,
  criticalOnly: true,
  webhookUrl: "",
  flagRules: { promptInjection: true, jailbreakAttempts: true, sensitiveContent: true, highTokenUsage: true },
  tokenThreshold: 4000,
  sensitivity: "balanced",
  redaction: "credentials",
  metadataRetentionDays: 365,
  gatewayBlock: "off",
  gatewayUpstream: "",
  gatewayAnthropicUpstream: "",
  gatewayGeminiUpstream: "",
  gatewayAllowUpstreamOverride: false,
  apiKeyPrefix: "pk_live_AbCdEfGh",
};

describe("settings draft", () => {
  it("carries the gateway guardrail and upstream, validated with the shared schema", () => {
    const d = { ...toDraft(settings), gatewayBlock: "critical" as const, gatewayUpstream: " https://llm.example.com/v1 " };
    expect(isDirty(d, settings)).toBe(true);
    expect(toBody(d)).toMatchObject({ gatewayBlock: "critical", gatewayUpstream: "https://llm.example.com/v1" });
    expect(validateForm(settingsBody, toBody(d))[1]).toBeNull();
    const [, errors] = validateForm(settingsBody, toBody({ ...d, gatewayUpstream: "ftp://x" }));
    expect(errors?.gatewayUpstream).toBeDefined();
    const [, providerErrors] = validateForm(
      settingsBody,
      toBody({ ...d, gatewayAnthropicUpstream: "not a url", gatewayGeminiUpstream: " https://gemini.example.com " }),
    );
    expect(providerErrors?.gatewayAnthropicUpstream).toBeDefined();
    expect(providerErrors?.gatewayGeminiUpstream).toBeUndefined();
  });
  it("round-trips and validates with the shared schema", () => {
    const d = toDraft(settings);
    expect(isDirty(d, settings)).toBe(false);
    const [values, errors] = validateForm(settingsBody, toBody(d));
    expect(errors).toBeNull();
    expect(values).toMatchObject({ organizationName: "Acme", retentionDays: 30, tokenThreshold: 4000 });
  });
  it("carries the detection sensitivity and rejects unknown ones", () => {
    const d = { ...toDraft(settings), sensitivity: "strict" as const };
    expect(isDirty(d, settings)).toBe(true);
    expect(validateForm(settingsBody, toBody(d))[0]).toMatchObject({ sensitivity: "strict" });
    expect(validateForm(settingsBody, { ...toBody(d), sensitivity: "paranoid" })[1]).toHaveProperty("sensitivity");
  });
  it("tracks edits", () => {
    const d = { ...toDraft(settings), flagRules: { ...settings.flagRules, sensitiveContent: false } };
    expect(isDirty(d, settings)).toBe(true);
    expect(toBody(d).flagRules.sensitiveContent).toBe(false);
  });
  it("reports a bad threshold, retention and name with the schema's messages", () => {
    const d = { ...toDraft(settings), tokenThreshold: "12a", retentionDays: "14", organizationName: "A" };
    const [, errors] = validateForm(settingsBody, toBody(d));
    expect(errors).toEqual({
      tokenThreshold: "Token threshold must be a positive whole number",
      retentionDays: "Retention must be one of 7, 30, 90, 365 days",
      organizationName: "Organization name must be at least 2 characters",
    });
  });
  it("shows the key masked or as far as we know it", () => {
    expect(keyFieldValue("pk_live_AbCdEfGh", false)).toBe(`pk_live_${"*".repeat(32)}`);
    expect(keyFieldValue("pk_live_AbCdEfGh", true)).toBe("pk_live_AbCdEfGh…");
    expect(keyFieldValue("pk_live_AbCdEfGh", true, "pk_live_FULL")).toBe("pk_live_FULL");
  });
});
