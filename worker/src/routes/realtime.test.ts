import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { REALTIME_TOKEN_TTL_SECONDS, verifyRealtimeToken } from "@promptsentry/schema/realtime";
import { api, call, expectEnvelope, keyWith, read, registerOrg } from "../../test/helpers";
import { partyOrigin, roomPath } from "../lib/realtime";

const bindings = env as unknown as { PARTY_SECRET: string; PARTY_HOST: string };
const secret = () => bindings.PARTY_SECRET;
/** The worker's configured party host (wrangler.toml says 127.0.0.1:1999; the test config may point it elsewhere). */
const partyHost = () => bindings.PARTY_HOST || "127.0.0.1:1999";

describe("GET /api/realtime/token", () => {
  it("answers {token, url, expiresAt} for the caller's organization room", async () => {
    const org = await registerOrg();
    const t0 = Date.now();
    const res = await read(api(org).realtime.token.$get());
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["expiresAt", "token", "url"]);
    const { token, url, expiresAt } = res.body;
    expect(typeof token).toBe("string");
    expect(url).toBe(`ws://${partyHost()}/parties/main/${org.orgId}?token=${encodeURIComponent(token)}`);
    expect(new URL(url).searchParams.get("token")).toBe(token);
    expect(res.headers.get("cache-control")).toBe("no-store");

    const exp = Date.parse(expiresAt);
    expect(new Date(exp).toISOString()).toBe(expiresAt);
    expect(exp).toBeGreaterThan(t0);
    expect(exp).toBeLessThanOrEqual(Date.now() + REALTIME_TOKEN_TTL_SECONDS * 1000);
    expect(exp).toBeGreaterThanOrEqual(t0 + (REALTIME_TOKEN_TTL_SECONDS - 2) * 1000);

    const claims = await verifyRealtimeToken(token, org.orgId, secret());
    // It names the key it was minted through (no session: a Bearer call), so revocation can reach it.
    const keys = (await read(api(org)["api-keys"].$get())).body as { id: string }[];
    expect(claims).toEqual({ room: org.orgId, kid: keys[0].id, iat: expect.any(Number), exp: exp / 1000 });
    expect(claims!.iat).toBeGreaterThanOrEqual(t0);
    // Expired after its lifetime.
    expect(await verifyRealtimeToken(token, org.orgId, secret(), exp + 1000)).toBeNull();
    // Signed with the worker's secret only.
    expect(await verifyRealtimeToken(token, org.orgId, "another-secret")).toBeNull();
  });

  it("answers a token that opens only the caller's room, never another organization's", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    const ta = (await read(api(a).realtime.token.$get())).body.token;
    const tb = (await read(api(b).realtime.token.$get())).body.token;
    expect(await verifyRealtimeToken(ta, a.orgId, secret())).not.toBeNull();
    expect(await verifyRealtimeToken(ta, b.orgId, secret())).toBeNull();
    expect(await verifyRealtimeToken(tb, b.orgId, secret())).not.toBeNull();
    expect(await verifyRealtimeToken(tb, a.orgId, secret())).toBeNull();
    // A tampered token (B's signature on A's claims) is refused.
    const forged = `${ta.split(".")[0]}.${tb.split(".")[1]}`;
    expect(await verifyRealtimeToken(forged, a.orgId, secret())).toBeNull();
  });

  it("works with the session cookie (the dashboard) and ?apiKey", async () => {
    const org = await registerOrg();
    const byCookie = await read(api({ cookie: org.cookie }).realtime.token.$get());
    expect(byCookie.status).toBe(200);
    const sessionId = (await env.DB.prepare("SELECT id FROM sessions WHERE org_id = ?").bind(org.orgId).first<{ id: string }>())!.id;
    expect((await verifyRealtimeToken(byCookie.body.token, org.orgId, secret()))?.sid).toBe(sessionId);
    const byQuery = await call("GET", `/realtime/token?apiKey=${org.apiKey}`);
    expect(byQuery.status).toBe(200);
    expect(byQuery.body.url).toContain(`/parties/main/${org.orgId}?token=`);
  });

  it("answers 401 without credentials or with an invalid key", async () => {
    expectEnvelope(await read(api().realtime.token.$get()), 401, "unauthorized");
    expectEnvelope(await call("GET", "/realtime/token", { key: `pk_live_${"z".repeat(32)}` }), 401, "unauthorized");
  });

  it("answers 403 for a key that cannot read logs", async () => {
    const org = await registerOrg();
    const alertsOnly = await keyWith(org, ["alerts:read"]);
    const res = expectEnvelope(await read(api({ key: alertsOnly }).realtime.token.$get()), 403, "forbidden");
    expect(res.message).toContain("logs:read");
    const reader = await keyWith(org, ["logs:read"]);
    expect((await read(api({ key: reader }).realtime.token.$get())).status).toBe(200);
  });
});

describe("realtime URL", () => {
  it("is ws://127.0.0.1:1999/parties/main/<orgId> for the local party host, wss for a public one", () => {
    expect(partyOrigin({ PARTY_HOST: "127.0.0.1:1999" }, "ws") + roomPath("org123")).toBe("ws://127.0.0.1:1999/parties/main/org123");
    expect(partyOrigin({ PARTY_HOST: "" }, "ws")).toBe("ws://127.0.0.1:1999");
    expect(partyOrigin({ PARTY_HOST: "localhost:1999" }, "http")).toBe("http://localhost:1999");
    expect(partyOrigin({ PARTY_HOST: "party.example.com" }, "ws")).toBe("wss://party.example.com");
    expect(partyOrigin({ PARTY_HOST: "https://party.example.com" }, "http")).toBe("https://party.example.com");
    expect(roomPath("a/b")).toBe("/parties/main/a%2Fb");
  });
});
