import { describe, expect, it } from "vitest";
import { apiKeyBody } from "@promptsentry/schema/requests/api-keys";
import { customMetricBody } from "@promptsentry/schema/requests/custom-metrics";
import { integrationBody } from "@promptsentry/schema/requests/integrations";
import { MESSAGES } from "@promptsentry/schema/requests/fields";
import { registerBody } from "@promptsentry/schema/requests/account";
import { teamInviteBody } from "@promptsentry/schema/requests/team";
import { webhookBody } from "@promptsentry/schema/requests/webhooks";
import { ApiError } from "../api/client";
import { serverErrors, validateForm } from "./form";

describe("validateForm", () => {
  it("reports the spec's webhook messages per field", () => {
    const [, errors] = validateForm(webhookBody, { name: " ", url: "ftp://x", events: [] });
    expect(errors).toEqual({ name: MESSAGES.nameRequired, url: MESSAGES.validUrl, events: MESSAGES.eventsRequired });
  });
  it("reports the API key messages", () => {
    const [, errors] = validateForm(apiKeyBody, { name: "", permissions: [] });
    expect(errors).toEqual({ name: MESSAGES.nameRequired, permissions: MESSAGES.permissionsRequired });
  });
  it("reports nested integration config paths", () => {
    expect(validateForm(integrationBody, { name: "x", type: "slack", config: { webhook_url: "nope" } })[1]).toEqual({
      "config.webhook_url": MESSAGES.validWebhookUrl,
    });
    expect(validateForm(integrationBody, { name: "x", type: "email", config: { email: "nope" } })[1]).toEqual({
      "config.email": MESSAGES.validEmail,
    });
  });
  it("reports custom metric and invite messages", () => {
    expect(validateForm(customMetricBody, { name: "", query: "", refreshInterval: 30 })[1]).toEqual({
      name: MESSAGES.nameRequired,
      query: MESSAGES.queryRequired,
      refreshInterval: MESSAGES.refreshIntervalMin,
    });
    const [values] = validateForm(teamInviteBody, { name: "Ada", email: "ada@example.com", role: "viewer" });
    expect(values).toEqual({ name: "Ada", email: "ada@example.com", role: "viewer" });
  });
});

describe("serverErrors", () => {
  it("maps error.issues to the first message per field", () => {
    const body = JSON.stringify({ error: { code: "validation_failed", message: "Invalid", issues: { url: ["Valid URL required", "x"] } } });
    expect(serverErrors(new ApiError(400, "Bad Request", body))).toEqual({ url: "Valid URL required" });
    expect(serverErrors(new ApiError(500, "Oops", ""))).toBeNull();
    expect(serverErrors(new Error("x"))).toBeNull();
  });
});

describe("registration form", () => {
  it("accepts a valid organization, trimmed", () => {
    const [values, errors] = validateForm(registerBody, { name: "  Acme ", email: "ops@acme.test" });
    expect(errors).toBeNull();
    expect(values).toEqual({ name: "Acme", email: "ops@acme.test" });
  });
  it("uses the spec's messages", () => {
    const [, errors] = validateForm(registerBody, { name: "A", email: "nope" });
    expect(errors).toEqual({
      name: "Organization name must be at least 2 characters",
      email: "Please enter a valid email address",
    });
  });
});
