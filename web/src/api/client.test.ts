import { describe, expect, it } from "vitest";
import { ApiError, describeError, errorText, supportLine, withQuery } from "./client";

describe("ApiError", () => {
  it("uses `${status}: ${body}` and exposes the envelope", () => {
    const body = JSON.stringify({ error: { code: "validation_failed", message: "Invalid input", issues: { name: ["Name is required"] } } });
    const e = new ApiError(400, "Bad Request", body);
    expect(e.message).toBe(`400: ${body}`);
    expect(e.status).toBe(400);
    expect(e.code).toBe("validation_failed");
    expect(e.serverMessage).toBe("Invalid input");
    expect(e.issues).toEqual({ name: ["Name is required"] });
  });
  it("falls back to the status text for an empty body", () => {
    const e = new ApiError(502, "Bad Gateway", "");
    expect(e.message).toBe("502: Bad Gateway");
    expect(e.code).toBeUndefined();
  });
  it("reads only the server's envelope: other JSON or text leaves code, message and issues unset", () => {
    for (const body of ['{"error":"nope"}', '{"message":"x"}', "<html>Bad gateway</html>", '{"error":{"code":7,"message":"x"}}']) {
      const e = new ApiError(502, "Bad Gateway", body);
      expect(e.message).toBe(`502: ${body}`);
      expect([e.code, e.serverMessage, e.issues]).toEqual([undefined, undefined, undefined]);
    }
  });
});

describe("withQuery", () => {
  it("skips empty values and joins arrays", () => {
    expect(withQuery("/api/logs", { limit: 10, search: "", model: undefined, flagStatus: ["warning", "critical"] })).toBe(
      "/api/logs?limit=10&flagStatus=warning%2Ccritical",
    );
    expect(withQuery("/api/x", {})).toBe("/api/x");
  });
});

const envelope = (error: Record<string, unknown>) => JSON.stringify({ error });

describe("describeError", () => {
  it("never shows the raw answer: a 500 is a sentence with the code and reference kept for support", () => {
    const e = new ApiError(
      500,
      "Internal Server Error",
      envelope({ code: "internal_error", message: "Something went wrong on our side", reference: "3f9a2c1d" }),
    );
    const d = describeError(e);
    expect(d.sentence).toBe(
      "Something went wrong on our side. Try again; if it keeps happening, contact support with the reference below.",
    );
    expect(d.sentence).not.toContain("{");
    expect(supportLine(d)).toBe("Error code: internal_error · reference 3f9a2c1d");
  });
  it("shows each field's issue as a sentence", () => {
    const e = new ApiError(
      400,
      "Bad Request",
      envelope({
        code: "validation_failed",
        message: "Name must be at most 100 characters",
        issues: { name: ["Name must be at most 100 characters"], url: ["Valid URL required"] },
      }),
    );
    expect(errorText(e)).toBe("Name must be at most 100 characters. Valid URL required.");
  });
  it("names the missing permission and the wait of a rate limit", () => {
    const forbidden = new ApiError(403, "Forbidden", envelope({ code: "forbidden", message: "This key lacks the 'admin' permission" }));
    expect(errorText(forbidden)).toBe("You don't have permission to do this (it needs Full Access). Ask an admin of your organization.");
    const limited = new ApiError(
      429,
      "Too Many Requests",
      envelope({ code: "rate_limited", message: "x" }),
      new Headers({ "Retry-After": "12" }),
    );
    expect(errorText(limited)).toBe("Too many requests right now. Try again in 12 seconds.");
  });
  it("keeps the server's own human message for codes it explains itself", () => {
    const e = new ApiError(
      429,
      "Too Many Requests",
      envelope({ code: "quota_exceeded", message: "Prompt quota exceeded. Upgrade your plan to log more." }),
    );
    expect(errorText(e)).toBe("Prompt quota exceeded. Upgrade your plan to log more.");
    const conflict = new ApiError(409, "Conflict", envelope({ code: "conflict", message: "The organization needs at least one admin" }));
    expect(errorText(conflict)).toBe("The organization needs at least one admin");
  });
  it("explains answers without an envelope and network failures", () => {
    expect(describeError(new ApiError(502, "Bad Gateway", "<html>Bad gateway</html>"))).toEqual({
      sentence: "The service is temporarily unavailable. Try again in a moment.",
      code: "502",
      reference: undefined,
    });
    expect(describeError(new TypeError("Failed to fetch"))).toEqual({
      sentence: "Could not reach the server. Check your connection and try again.",
    });
    expect(supportLine({})).toBeUndefined();
  });
});
