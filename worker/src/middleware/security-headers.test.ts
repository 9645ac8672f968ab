// Issue 10 defect 9 (API side): every API answer, success or error, carries the security headers
// and a CSP under which nothing loads; an unknown API path stays a JSON 404, never the SPA's page.
import { describe, expect, it } from "vitest";
import { API_CSP } from "../../../schema/security-headers";
import { call, registerOrg } from "../../test/helpers";

describe("API security headers", () => {
  it("are on successes and on every kind of error", async () => {
    const org = await registerOrg();
    const answers = [
      [await call("GET", "/health"), 200],
      [await call("GET", "/organization", { key: org.apiKey }), 200],
      [await call("GET", "/logs"), 401],
      [await call("POST", "/logs", { key: org.apiKey, body: {} }), 400],
      [await call("GET", "/no-such-route"), 404],
      [await call("GET", "/"), 404],
    ] as const;
    for (const [res, status] of answers) {
      expect(res.status).toBe(status);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.headers.get("content-security-policy")).toBe(API_CSP);
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    }
  });
});
