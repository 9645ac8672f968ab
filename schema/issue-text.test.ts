import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { fieldLabel, issueText } from "./issue-text";
import { logsQuery } from "./requests/logs";
import { sessionBody } from "./requests/account";
import { webhookBody } from "./requests/webhooks";

const texts = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  if (r.success) throw new Error("expected issues");
  return r.issues.map(issueText);
};

describe("issueText", () => {
  it("rewrites valibot's own length message as the field and the plain limit", () => {
    // The sign-in dialog's key field had no message of its own: valibot answered "Invalid length: Expected <=200 but received 20000".
    expect(texts(sessionBody, { apiKey: "k".repeat(20_000) })).toEqual(["API key must be at most 200 characters"]);
    expect(texts(logsQuery, { userId: "u".repeat(201) })).toEqual(["User ID must be at most 200 characters"]);
  });
  it("keeps the product's own messages exactly", () => {
    expect(texts(webhookBody, { name: "", url: "ftp://x", events: [] })).toEqual([
      "Name is required",
      "Valid URL required",
      "At least one event must be selected",
    ]);
  });
  it("says what type a value must be, and that a missing one is required", () => {
    const schema = v.object({
      active: v.boolean(),
      count: v.pipe(v.number(), v.maxValue(5)),
      tags: v.pipe(v.array(v.string()), v.maxLength(2)),
    });
    expect(texts(schema, { active: "yes", count: 9, tags: ["a", "b", "c"] })).toEqual([
      "Active must be true or false",
      "Count must be at most 5",
      "Tags must be at most 2 items",
    ]);
    expect(texts(v.object({ model: v.string() }), {})).toEqual(["Model is required"]);
  });
});

describe("fieldLabel", () => {
  it("reads field paths out", () => {
    expect(fieldLabel("sessionId")).toBe("Session ID");
    expect(fieldLabel("config.webhook_url")).toBe("Webhook URL");
    expect(fieldLabel("logs.3.prompt")).toBe("Prompt (item 4)");
    expect(fieldLabel("apiKey")).toBe("API key");
    expect(fieldLabel(null)).toBe("This value");
  });
});
