// Server-side sessions: random token in the cookie, only its hash stored; idle timeout with sliding
// renewal at most once a minute; absolute cap.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  SESSION_IDLE_TIMEOUT_SECONDS,
  SESSION_MAX_AGE_SECONDS,
  SESSION_RENEW_INTERVAL_SECONDS,
} from "@promptsentry/schema/constants/access";
import { call, registerOrg } from "../../test/helpers";
import { sha256Hex } from "./keys";

type SessionDbRow = {
  id: string;
  key_id: string;
  token_hash: string;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  created_at: number;
};

async function sessionsOf(orgId: string) {
  const { results } = await env.DB.prepare("SELECT * FROM sessions WHERE org_id = ? ORDER BY created_at").bind(orgId).all<SessionDbRow>();
  return results;
}

/** The random token inside a signed `ps_session=<token>.<signature>` cookie. */
function tokenOf(cookie: string) {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  return value.slice(0, value.lastIndexOf("."));
}

const setTimes = (id: string, lastSeenAt: number, expiresAt?: number) =>
  env.DB.prepare("UPDATE sessions SET last_seen_at = ?, expires_at = coalesce(?, expires_at) WHERE id = ?")
    .bind(lastSeenAt, expiresAt ?? null, id)
    .run();

describe("session storage", () => {
  it("keeps only the SHA-256 of a random token; the cookie names neither key nor key id", async () => {
    const org = await registerOrg();
    const [row] = await sessionsOf(org.orgId);
    const token = tokenOf(org.cookie);
    expect(token).toMatch(/^[0-9A-Za-z]{43}$/);
    expect(row.token_hash).toBe(await sha256Hex(token));
    expect(org.cookie).not.toContain(row.key_id);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expires_at - row.created_at).toBe(SESSION_MAX_AGE_SECONDS * 1000);
  });

  it("answers a cookie lifetime of the idle timeout, not weeks", async () => {
    const res = await call("POST", "/register", { body: { name: "Cookie Life", email: "life@example.com" } });
    expect(res.headers.get("set-cookie")).toContain(`Max-Age=${SESSION_IDLE_TIMEOUT_SECONDS}`);
  });
});

describe("session lifetime", () => {
  it("ends a session idle past the timeout", async () => {
    const org = await registerOrg();
    const [row] = await sessionsOf(org.orgId);
    await setTimes(row.id, Date.now() - SESSION_IDLE_TIMEOUT_SECONDS * 1000 - 1_000);
    expect((await call("GET", "/logs", { cookie: org.cookie })).status).toBe(401);
  });

  it("ends a session at its absolute cap, however active", async () => {
    const org = await registerOrg();
    const [row] = await sessionsOf(org.orgId);
    await setTimes(row.id, Date.now(), Date.now() - 1);
    expect((await call("GET", "/logs", { cookie: org.cookie })).status).toBe(401);
  });

  it("slides on use, at most once a minute, never past the cap", async () => {
    const org = await registerOrg();
    const [row] = await sessionsOf(org.orgId);
    // Fresh: no renewal write and no new cookie.
    const quiet = await call("GET", "/logs", { cookie: org.cookie });
    expect(quiet.status).toBe(200);
    expect(quiet.headers.get("set-cookie")).toBeNull();

    const seen = Date.now() - (SESSION_RENEW_INTERVAL_SECONDS + 5) * 1000;
    const capIn = 600_000;
    await setTimes(row.id, seen, Date.now() + capIn);
    const renewed = await call("GET", "/logs", { cookie: org.cookie });
    expect(renewed.status).toBe(200);
    const setCookie = renewed.headers.get("set-cookie") ?? "";
    expect(setCookie.split(";")[0]).toBe(org.cookie); // the same session, a longer life
    const maxAge = Number(/Max-Age=(\d+)/i.exec(setCookie)?.[1]);
    expect(maxAge).toBeLessThanOrEqual(capIn / 1000);
    expect(maxAge).toBeGreaterThan(capIn / 1000 - 10);
    await expect.poll(async () => (await sessionsOf(org.orgId))[0].last_seen_at).toBeGreaterThan(seen + 60_000);
  });

  it("refuses a forged or re-signed cookie", async () => {
    const org = await registerOrg();
    const forged = `ps_session=${encodeURIComponent(`${"A".repeat(43)}.${decodeURIComponent(org.cookie).split(".").pop()}`)}`;
    expect((await call("GET", "/logs", { cookie: forged })).status).toBe(401);
  });
});
