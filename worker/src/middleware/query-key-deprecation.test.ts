// docs/api-keys-in-urls.md: `?apiKey=` still works but every answer to it is marked deprecated (RFC 9745).
import { describe, expect, it } from "vitest";
import { call, registerOrg } from "../../test/helpers";
import { QUERY_KEY_DEPRECATION } from "./query-key-deprecation";

const LINK = '</api/openapi.json>; rel="deprecation"; type="application/json"';

describe("?apiKey= deprecation", () => {
  it("answers a Deprecation date and a link on success and on every kind of error", async () => {
    const org = await registerOrg();
    expect(QUERY_KEY_DEPRECATION).toMatch(/^@\d{10}$/);
    const answers = [
      [await call("GET", `/organization?apiKey=${org.apiKey}`), 200],
      [await call("POST", `/logs?apiKey=${org.apiKey}`, { body: { prompt: "" } }), 400],
      [await call("GET", `/logs/01NOPE?apiKey=${org.apiKey}`), 404],
      [await call("GET", "/logs?apiKey=pk_live_nope"), 401],
      [await call("GET", `/no-such-route?apiKey=${org.apiKey}`), 404],
    ] as const;
    for (const [res, status] of answers) {
      expect(res.status).toBe(status);
      expect(res.headers.get("deprecation")).toBe(QUERY_KEY_DEPRECATION);
      expect(res.headers.get("link")).toBe(LINK);
    }
  });

  it("leaves Bearer and session answers alone", async () => {
    const org = await registerOrg();
    for (const res of [
      await call("GET", "/organization", { key: org.apiKey }),
      await call("GET", "/organization", { cookie: org.cookie }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("deprecation")).toBeNull();
      expect(res.headers.get("link")).toBeNull();
    }
  });
});
