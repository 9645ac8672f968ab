// docs/security-headers.md (API side): every API answer, success or error, carries the security headers
// and a CSP under which nothing loads; an unknown API path stays a JSON 404, never the SPA's page.
// Plain JSON answers are built with the headers in one step (cheaper than a middleware pass); these tests pin that both
// ways of adding them send exactly what Hono's secureHeaders (our configuration) sends.
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { describe, expect, it } from "vitest";
import { API_CSP } from "@promptsentry/schema/security-headers";
import type { AppEnv } from "../env";
import { call, registerOrg } from "../../test/helpers";
import { apiSecurityHeaders } from "./security-headers";

/** Hono's secureHeaders as the API was configured with it, plus the API CSP: the reference. */
const reference = new Hono()
  .use(secureHeaders({ crossOriginResourcePolicy: false, xFrameOptions: "DENY" }))
  .use(async (c, next) => {
    await next();
    c.res.headers.set("Content-Security-Policy", API_CSP);
  })
  .get("/", (c) => c.json({}));
const securityHeadersOf = (res: { headers: Headers }) =>
  Object.fromEntries([...res.headers].filter(([name]) => !["content-type", "content-length"].includes(name)));
const expected = securityHeadersOf(await reference.request("/"));

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

  it("are exactly Hono's secureHeaders and the API CSP, on plain and customized answers", async () => {
    expect(Object.keys(expected)).toContain("strict-transport-security");
    const org = await registerOrg();
    const realtime = await call("GET", "/realtime/token", { key: org.apiKey }); // sets Cache-Control itself
    expect(realtime.headers.get("cache-control")).toBe("no-store");
    for (const res of [await call("GET", "/health"), await call("GET", "/logs"), realtime]) {
      expect(res.status).toBeLessThan(500);
      const { "cache-control": _ownHeader, ...security } = securityHeadersOf(res);
      expect(security).toEqual(expected);
    }
  });

  const app = new Hono<AppEnv>()
    .use(apiSecurityHeaders)
    .use(async (c, next) => {
      await next();
      if (c.req.query("mark") !== undefined) c.res.headers.set("X-Marked", "yes");
    })
    .get("/plain", (c) => c.json({ ok: true }))
    .get("/status-arg", (c) => c.json({ ok: true }, 202))
    .get("/own-headers", (c) => {
      c.header("X-Own", "1");
      c.header("X-Frame-Options", "SAMEORIGIN");
      return c.json({ ok: true });
    })
    .get("/own-status", (c) => {
      c.status(201);
      return c.json({ ok: true });
    })
    .get("/headers-arg", (c) => c.json({ ok: true }, 200, { "X-Arg": "1" }))
    .get("/raw", () => new Response("text", { headers: { "X-Powered-By": "something" } }))
    .get("/throws", () => {
      throw new Error("boom");
    })
    .onError((_err, c) => c.json({ error: "internal" }, 500));

  it("keep what the handler set, with the security headers winning", async () => {
    const cases = [
      ["/plain", 200, {}],
      ["/status-arg", 202, {}],
      ["/own-headers", 200, { "x-own": "1" }],
      ["/own-status", 201, {}],
      ["/headers-arg", 200, { "x-arg": "1" }],
      ["/throws", 500, {}],
    ] as const;
    for (const [path, status, own] of cases) {
      const res = await app.request(path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get("content-type"), path).toBe("application/json");
      expect(securityHeadersOf(res), path).toEqual({ ...expected, ...own });
      expect(await res.json(), path).toBeTypeOf("object");
    }
    const raw = await app.request("/raw");
    expect(securityHeadersOf(raw)).toEqual(expected); // X-Powered-By removed, as secureHeaders does
    expect(await raw.text()).toBe("text");
  });

  it("never share one answer's later headers with the next answer", async () => {
    const marked = await app.request("/plain?mark");
    expect(marked.headers.get("X-Marked")).toBe("yes");
    const next = await app.request("/plain");
    expect(next.headers.get("X-Marked")).toBeNull();
    expect(securityHeadersOf(next)).toEqual(expected);
  });
});
