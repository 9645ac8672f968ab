import { describe, expect, it } from "vitest";
import type { WebhookDelivery } from "../../api/webhooks";
import { isFinalAttempt, maskSecret, summarizeDeliveries } from "./deliveries";

const row = (p: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: "d",
  webhookId: "w1",
  messageId: "m1",
  event: "flag.detected",
  attempt: 1,
  statusCode: 200,
  success: true,
  error: null,
  durationMs: 12,
  createdAt: "2026-01-01T00:00:00.000Z",
  ...p,
});

describe("summarizeDeliveries", () => {
  it("folds retries of one message and keeps the newest status", () => {
    const out = summarizeDeliveries([
      row({ id: "c", attempt: 3, statusCode: 200, success: true, createdAt: "2026-01-01T00:00:30.000Z" }),
      row({ id: "b", attempt: 2, statusCode: 500, success: false, error: "HTTP 500", createdAt: "2026-01-01T00:00:10.000Z" }),
      row({ id: "a", attempt: 1, statusCode: 500, success: false, error: "HTTP 500", createdAt: "2026-01-01T00:00:00.000Z" }),
      row({
        id: "z",
        messageId: "m2",
        event: "prompt.created",
        statusCode: null,
        success: false,
        error: "timeout",
        createdAt: "2026-01-01T00:01:00.000Z",
      }),
    ]);
    expect(out).toEqual([
      expect.objectContaining({ messageId: "m2", attempts: 1, success: false, statusCode: null, error: "timeout" }),
      expect.objectContaining({
        messageId: "m1",
        attempts: 3,
        success: true,
        statusCode: 200,
        error: null,
        lastAttemptAt: "2026-01-01T00:00:30.000Z",
      }),
    ]);
  });
  it("is empty for no rows", () => {
    expect(summarizeDeliveries([])).toEqual([]);
  });
});

describe("maskSecret", () => {
  it("keeps the whsec_ prefix only", () => {
    expect(maskSecret("whsec_abcdef")).toBe(`whsec_${"•".repeat(24)}`);
    expect(maskSecret("plain")).toBe("•".repeat(24));
  });
});

describe("isFinalAttempt", () => {
  it("is final for a success, a refusal and a 4xx other than 429; not for 5xx, 429 or network errors", () => {
    expect(isFinalAttempt(row({}))).toBe(true);
    expect(isFinalAttempt(row({ success: false, statusCode: null, error: "Refused: This address can never receive webhooks" }))).toBe(true);
    expect(isFinalAttempt(row({ success: false, statusCode: 401, error: "HTTP 401" }))).toBe(true);
    expect(isFinalAttempt(row({ success: false, statusCode: 410, error: "HTTP 410" }))).toBe(true);
    expect(isFinalAttempt(row({ success: false, statusCode: 429, error: "HTTP 429" }))).toBe(false);
    expect(isFinalAttempt(row({ success: false, statusCode: 503, error: "HTTP 503" }))).toBe(false);
    expect(isFinalAttempt(row({ success: false, statusCode: null, error: "Timed out after 10 s" }))).toBe(false);
  });
});
