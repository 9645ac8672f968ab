import { describe, expect, it } from "vitest";
import { ApiError, withQuery } from "./client";

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
