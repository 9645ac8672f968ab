import { describe, expect, it } from "vitest";
import { integrationBody } from "@promptsentry/schema/requests/integrations";
import { validateForm } from "../../lib/form";
import { fieldsFor, integrationPayload, integrationTarget, typeLabel } from "./payload";

const base = { name: "Ops", webhookUrl: " https://hooks.slack.com/services/T/B/X ", email: "ops@example.com", channel: "" };

describe("integration form", () => {
  it("shows webhook_url for webhook/slack/discord, email for email, channel for slack/discord", () => {
    expect(fieldsFor("webhook")).toEqual({ webhookUrl: true, email: false, channel: false });
    expect(fieldsFor("slack")).toEqual({ webhookUrl: true, email: false, channel: true });
    expect(fieldsFor("discord")).toEqual({ webhookUrl: true, email: false, channel: true });
    expect(fieldsFor("email")).toEqual({ webhookUrl: false, email: true, channel: false });
  });
  it("sends only the fields of the type", () => {
    expect(integrationPayload({ ...base, type: "slack", channel: " #alerts " })).toEqual({
      name: "Ops",
      type: "slack",
      config: { webhook_url: "https://hooks.slack.com/services/T/B/X", channel: "#alerts" },
    });
    expect(integrationPayload({ ...base, type: "email" })).toEqual({ name: "Ops", type: "email", config: { email: "ops@example.com" } });
    expect(integrationPayload({ ...base, type: "webhook", channel: "#x" }).config).toEqual({
      webhook_url: "https://hooks.slack.com/services/T/B/X",
    });
  });
  it("validates with the shared schema", () => {
    expect(validateForm(integrationBody, integrationPayload({ ...base, type: "discord", webhookUrl: "" }))[1]).toEqual({
      "config.webhook_url": "Valid webhook URL required",
    });
    expect(validateForm(integrationBody, integrationPayload({ ...base, name: "", type: "email", email: "x" }))[1]).toEqual({
      name: "Name is required",
      "config.email": "Valid email required",
    });
  });
  it("labels and targets", () => {
    expect(typeLabel("discord")).toBe("Discord");
    expect(typeLabel("pager")).toBe("pager");
    expect(integrationTarget({ config: { email: "a@b.c" } })).toBe("a@b.c");
    expect(integrationTarget({ config: {} })).toBe("—");
  });
});
