import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { allShardD1s, api, call, expectEnvelope, read, registerOrg } from "../../test/helpers";

describe("POST /api/register", () => {
  it("creates an organization, answers the key once and signs in", async () => {
    const res = await call("POST", "/register", { body: { name: "Acme AI", email: "ops@acme.test" } });
    expect(res.status).toBe(201);
    expect(res.body.apiKey).toMatch(/^pk_live_[0-9A-Za-z]{32}$/);
    expect(res.body.organization).toMatchObject({ name: "Acme AI", email: "ops@acme.test", plan: "trial", permissions: ["admin"] });
    expect(res.body.organization.keyPrefix).toBe(res.body.apiKey.slice(0, 16));
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toContain(res.body.apiKey);
    const me = await call("GET", "/organization", { cookie: cookie.split(";")[0] });
    expect(me.body.name).toBe("Acme AI");
  });

  it("rejects bad input with the spec's messages and stores nothing", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM organizations").first<{ n: number }>();
    const res = await call("POST", "/register", { body: { name: "A", email: "not-an-email" } });
    const error = expectEnvelope(res, 400, "validation_failed");
    expect(error.issues?.name).toEqual(["Organization name must be at least 2 characters"]);
    expect(error.issues?.email).toEqual(["Please enter a valid email address"]);
    const after = await env.DB.prepare("SELECT count(*) AS n FROM organizations").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  it("stores the admin's name on their member, and falls back to the e-mail's name without one", async () => {
    const named = await call("POST", "/register", { body: { name: "Named Org", email: "ada@named.test", adminName: "  Ada Lovelace " } });
    expect(named.status).toBe(201);
    expect(named.body.organization.member).toMatchObject({ name: "Ada Lovelace", email: "ada@named.test", role: "admin" });
    const unnamed = await call("POST", "/register", { body: { name: "Unnamed Org", email: "grace@unnamed.test" } });
    expect(unnamed.status).toBe(201);
    expect(unnamed.body.organization.member.name).not.toBe("");
  });

  it("refuses a blank, over-long or non-text admin name and stores nothing", async () => {
    const count = async () => (await env.DB.prepare("SELECT count(*) AS n FROM organizations").first<{ n: number }>())?.n;
    const before = await count();
    for (const [adminName, message] of [
      ["   ", "Please enter your name"],
      ["x".repeat(101), "Your name must be at most 100 characters"],
      [42, "Please enter your name"],
    ] as const) {
      const res = await call("POST", "/register", { body: { name: "Bad Name Org", email: "bad@name.test", adminName } });
      expect(expectEnvelope(res, 400, "validation_failed").issues?.adminName).toEqual([message]);
    }
    expect(await count()).toBe(before);
  });

  it("rejects malformed JSON and a wrong content type with 400", async () => {
    expectEnvelope(
      await call("POST", "/register", { rawBody: "{nope", headers: { "content-type": "application/json" } }),
      400,
      "bad_request",
    );
    expectEnvelope(
      await call("POST", "/register", { rawBody: "name=x", headers: { "content-type": "text/plain" } }),
      400,
      "invalid_content_type",
    );
  });
});

describe("sessions", () => {
  it("says an over-long key as the field and its limit, not valibot's own text", async () => {
    const res = await call("POST", "/session", { body: { apiKey: `pk_live_${"x".repeat(20_000)}` } });
    const error = expectEnvelope(res, 400, "validation_failed");
    expect(error.message).toBe("API key must be at most 200 characters");
    expect(error.issues?.apiKey).toEqual(["API key must be at most 200 characters"]);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("signs in with a key, and out", async () => {
    const org = await registerOrg();
    const res = await call("POST", "/session", { body: { apiKey: org.apiKey } });
    expect(res.status).toBe(200);
    expect(res.body.organization.id).toBe(org.orgId);
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
    expect((await call("GET", "/organization", { cookie })).body.id).toBe(org.orgId);
    const out = await call("DELETE", "/session", { cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/i);
  });

  it("refuses an unknown key with 401 and a blank one with 400", async () => {
    expectEnvelope(await call("POST", "/session", { body: { apiKey: `pk_live_${"x".repeat(32)}` } }), 401, "unauthorized");
    expect(expectEnvelope(await call("POST", "/session", { body: { apiKey: " " } }), 400).issues?.apiKey).toEqual(["API key is required"]);
  });

  it("ignores a forged session cookie", async () => {
    const org = await registerOrg();
    const forged = org.cookie.replace(/=([^.]+)/, "=AAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect((await read(api({ cookie: forged }).organization.$get())).body).toBeNull();
  });
});

describe("GET /api/organization", () => {
  it("answers null without credentials, and null for an invalid key", async () => {
    const anon = await read(api().organization.$get());
    expect(anon.status).toBe(200);
    expect(anon.body).toBeNull();
    const bad = await call("GET", "/organization", { key: "pk_live_unknown" });
    expect(bad.status).toBe(200);
    expect(bad.body).toBeNull();
  });

  it("answers the caller's own organization by key and by ?apiKey", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    expect((await call("GET", "/organization", { key: a.apiKey })).body.id).toBe(a.orgId);
    expect((await call("GET", `/organization?apiKey=${b.apiKey}`)).body.id).toBe(b.orgId);
  });
});

describe("API keys at rest", () => {
  it("stores no full key anywhere in the database", async () => {
    const org = await registerOrg();
    const created = await read(api(org)["api-keys"].$post({ json: { name: "CI", permissions: ["logs:write"] } }));
    const keys = [org.apiKey, created.body.keyValue as string];
    // The control database and every data shard.
    for (const d1 of [env.DB, ...allShardD1s()]) {
      const { results: tables } = await d1
        .prepare(
          "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE '%fts%'",
        )
        .all<{ name: string }>();
      for (const { name } of tables) {
        const { results } = await d1.prepare(`SELECT * FROM "${name}"`).all();
        const dump = JSON.stringify(results);
        for (const key of keys) {
          expect(dump, `table ${name}`).not.toContain(key);
          expect(dump, `table ${name}`).not.toContain(key.slice(8));
        }
      }
    }
  });
});
