import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { backoffSeconds, judge, MAX_ATTEMPTS, MAX_DELAY_SECONDS, parseRetryAfter } from "./retry-policy";
import { signatureHeaders } from "./sign";

const result = (statusCode: number | null, retryAfterSeconds: number | null = null) => ({
  statusCode,
  error: null,
  durationMs: 5,
  retryAfterSeconds,
});

describe("retry policy", () => {
  it("backs off 10 s · 4^(n−1) from seconds to hours, capped at 6 h, jittered ±20 %", () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffSeconds(n, mid))).toEqual([10, 40, 160, 640, 2560, 10240, MAX_DELAY_SECONDS]);
    expect(backoffSeconds(1, () => 0)).toBe(8);
    expect(backoffSeconds(1, () => 1)).toBe(12);
    expect(backoffSeconds(20, () => 1)).toBe(MAX_DELAY_SECONDS);
  });

  it("parses Retry-After as seconds or an HTTP date, capped, and ignores garbage", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("30", now)).toBe(30);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:02:00 GMT", now)).toBe(120);
    expect(parseRetryAfter("Wed, 31 Dec 2025 00:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("999999999", now)).toBe(MAX_DELAY_SECONDS);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it("retries network errors, 5xx and 429; acks 2xx and other 4xx; disables on 410; gives up at the last attempt", () => {
    expect(judge(result(204), 1)).toEqual({ action: "ack", success: true, error: null });
    expect(judge(result(null), 1, () => 0.5)).toMatchObject({ action: "retry", delaySeconds: 10 });
    expect(judge(result(502), 2, () => 0.5)).toMatchObject({ action: "retry", delaySeconds: 40, error: "HTTP 502" });
    expect(judge(result(429, 7), 1)).toMatchObject({ action: "retry", delaySeconds: 7 });
    expect(judge(result(503, 0), 1)).toMatchObject({ action: "retry", delaySeconds: 1 });
    expect(judge(result(500, 7), 1, () => 0.5)).toMatchObject({ action: "retry", delaySeconds: 10 }); // Retry-After only on 429/503
    expect(judge(result(404), 1)).toEqual({ action: "ack", success: false, error: "HTTP 404" });
    expect(judge(result(410), 1)).toEqual({ action: "disable", success: false, error: "HTTP 410" });
    expect(judge(result(500), MAX_ATTEMPTS)).toEqual({
      action: "ack",
      success: false,
      error: `HTTP 500; gave up after ${MAX_ATTEMPTS} attempts`,
    });
  });
});

describe("signatures", () => {
  it("match what the standardwebhooks library computes for the same id, time and body", async () => {
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const body = JSON.stringify({ id: "msg_1", type: "flag.detected", data: { ünïcode: "✓" } });
    const headers = await signatureHeaders(secret, "msg_1", body, 1_700_000_000);
    expect(headers["webhook-signature"]).toBe(new Webhook(secret).sign("msg_1", new Date(1_700_000_000_000), body));
    expect(headers["x-signature"]).toMatch(/^[0-9a-f]{64}$/);
  });
});
