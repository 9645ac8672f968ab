import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, call, expectEnvelope, keyWith, read, registerOrg, type TestOrg } from "../../test/helpers";

const count = async (table: "team_members" | "api_keys", orgId: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE org_id = ?`).bind(orgId).first<{ n: number }>())!.n;

const memberRow = (id: string) => env.DB.prepare("SELECT * FROM team_members WHERE id = ?").bind(id).first<Record<string, unknown>>();

let seq = 0;
async function invite(org: TestOrg, role: "admin" | "engineer" | "viewer", name = `Member ${++seq}`) {
  const res = await call("POST", "/team/invite", {
    key: org.apiKey,
    body: { name, email: `m${seq}-${crypto.randomUUID().slice(0, 6)}@example.com`, role },
  });
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${res.text}`);
  return res.body as { member: { id: string; name: string; email: string; role: string }; apiKey: string };
}

describe("GET /api/team", () => {
  it("lists members in join order with a status derived from their keys' last use", async () => {
    const org = await registerOrg();
    const away = await invite(org, "engineer", "Away Person");
    const offline = await invite(org, "viewer", "Never Used");
    const stale = await invite(org, "viewer", "Long Gone");
    const now = Date.now();
    await env.DB.prepare("UPDATE api_keys SET last_used_at = ? WHERE member_id = ?")
      .bind(now - 30 * 60_000, away.member.id)
      .run();
    await env.DB.prepare("UPDATE api_keys SET last_used_at = ? WHERE member_id = ?")
      .bind(now - 3 * 3_600_000, stale.member.id)
      .run();
    await env.DB.prepare("UPDATE api_keys SET last_used_at = ? WHERE member_id = ?")
      .bind(now - 10_000, org.memberId)
      .run();

    const res = await read(api(org).team.$get());
    expect(res.status).toBe(200);
    expect(res.body.map((m) => m.id)).toEqual([org.memberId, away.member.id, offline.member.id, stale.member.id]);
    for (const m of res.body) {
      expect(Object.keys(m).sort()).toEqual(["createdAt", "email", "id", "lastActive", "name", "role", "status"]);
    }
    expect(res.body[0]).toMatchObject({ role: "admin", status: "online", lastActive: new Date(now - 10_000).toISOString() });
    expect(res.body[1]).toMatchObject({
      name: "Away Person",
      role: "engineer",
      status: "away",
      lastActive: new Date(now - 30 * 60_000).toISOString(),
    });
    expect(res.body[2]).toMatchObject({ name: "Never Used", role: "viewer", status: "offline", lastActive: null });
    expect(res.body[3]).toMatchObject({ name: "Long Gone", status: "offline" });
    expect(res.text).not.toContain(away.apiKey);
  });

  it("marks a member online once their key is used", async () => {
    const org = await registerOrg();
    const m = await invite(org, "viewer");
    expect((await read(api(m).logs.$get({ query: {} }))).status).toBe(200);
    let status = "";
    for (let i = 0; i < 20 && status !== "online"; i++) {
      const team = await read(api(org).team.$get());
      status = team.body.find((x) => x.id === m.member.id)!.status;
      if (status !== "online") await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe("online");
  });

  it("never includes another organization's members", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    const aMember = await invite(a, "engineer");
    const res = await read(api(b).team.$get());
    expect(res.body.map((m) => m.id)).toEqual([b.memberId]);
    expect(res.text).not.toContain(aMember.member.email);
  });
});

describe("POST /api/team/invite", () => {
  it("adds a member and answers a one-time key whose permissions follow the role", async () => {
    const org = await registerOrg();
    const res = await read(api(org).team.invite.$post({ json: { name: " Vera Viewer ", email: "Vera@Example.com", role: "viewer" } }));
    expect(res.status).toBe(201);
    expect(res.body.apiKey).toMatch(/^pk_live_[0-9A-Za-z]{32}$/);
    expect(res.body.member).toMatchObject({
      name: "Vera Viewer",
      email: "vera@example.com",
      role: "viewer",
      status: "offline",
      lastActive: null,
    });
    expect(await memberRow(res.body.member.id)).toMatchObject({ org_id: org.orgId, email: "vera@example.com", role: "viewer" });

    const keys = await read(api(org)["api-keys"].$get());
    const memberKey = keys.body.find((k) => k.memberId === res.body.member.id);
    expect(memberKey).toMatchObject({ keyPrefix: res.body.apiKey.slice(0, 16), permissions: ["logs:read", "alerts:read"] });
    expect(keys.text).not.toContain(res.body.apiKey);

    const viewer = res.body.apiKey;
    expect((await read(api({ key: viewer }).logs.$get({ query: {} }))).status).toBe(200);
    expect((await read(api({ key: viewer }).alerts.$get({ query: {} }))).status).toBe(200);
    expectEnvelope(
      await read(api({ key: viewer })["api-keys"].$post({ json: { name: "Escalate", permissions: ["admin"] } })),
      403,
      "forbidden",
    );
    expectEnvelope(await read(api({ key: viewer }).team.$get()), 403, "forbidden");
    expect((await call("GET", "/organization", { key: viewer })).body.id).toBe(org.orgId);
  });

  it("gives engineers users:read and admins everything", async () => {
    const org = await registerOrg();
    const engineer = await invite(org, "engineer");
    const admin = await invite(org, "admin");
    expect((await read(api(engineer).team.$get())).status).toBe(200);
    expectEnvelope(await read(api(engineer)["api-keys"].$get()), 403, "forbidden");
    expect((await read(api(admin)["api-keys"].$get())).status).toBe(200);
    expect(
      (await read(api(admin).team.invite.$post({ json: { name: "By admin", email: "by-admin@example.com", role: "viewer" } }))).status,
    ).toBe(201);
  });

  it("refuses a duplicate email (case-insensitive) with 409 and writes nothing", async () => {
    const org = await registerOrg();
    await read(api(org).team.invite.$post({ json: { name: "Dup", email: "dup@example.com", role: "viewer" } }));
    const members = await count("team_members", org.orgId);
    const keys = await count("api_keys", org.orgId);
    expectEnvelope(
      await read(api(org).team.invite.$post({ json: { name: "Dup 2", email: "DUP@example.com", role: "admin" } })),
      409,
      "conflict",
    );
    expect(await count("team_members", org.orgId)).toBe(members);
    expect(await count("api_keys", org.orgId)).toBe(keys);
    // The same address in another organization is fine.
    const other = await registerOrg();
    expect((await read(api(other).team.invite.$post({ json: { name: "Dup", email: "dup@example.com", role: "viewer" } }))).status).toBe(
      201,
    );
  });

  it("answers 409, not 500, to concurrent invites of the same address, storing one member", async () => {
    const org = await registerOrg();
    const body = { name: "Racer", email: "racer@example.com", role: "viewer" };
    const results = await Promise.all([1, 2, 3, 4].map(() => call("POST", "/team/invite", { key: org.apiKey, body })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expectEnvelope(r, 409, "conflict");
    expect(await count("team_members", org.orgId)).toBe(2);
    expect(await count("api_keys", org.orgId)).toBe(2);
  });

  it("rejects bad input with the spec's messages and writes nothing", async () => {
    const org = await registerOrg();
    const members = await count("team_members", org.orgId);
    const keys = await count("api_keys", org.orgId);
    let error = expectEnvelope(
      await call("POST", "/team/invite", { key: org.apiKey, body: { name: " ", email: "not-an-email", role: "owner" } }),
      400,
      "validation_failed",
    );
    expect(error.issues).toEqual({
      name: ["Name is required"],
      email: ["Please enter a valid email address"],
      role: ["Role must be one of admin, engineer, viewer"],
    });
    error = expectEnvelope(
      await call("POST", "/team/invite", { key: org.apiKey, body: { name: "Ok", email: "ok@example.com", role: 3 } }),
      400,
    );
    expect(error.issues).toEqual({ role: ["Role must be one of admin, engineer, viewer"] });
    expectEnvelope(
      await call("POST", "/team/invite", { key: org.apiKey, rawBody: "{bad json", headers: { "content-type": "application/json" } }),
      400,
      "bad_request",
    );
    expectEnvelope(
      await call("POST", "/team/invite", { key: org.apiKey, rawBody: "x", headers: { "content-type": "text/plain" } }),
      400,
      "invalid_content_type",
    );
    expect(await count("team_members", org.orgId)).toBe(members);
    expect(await count("api_keys", org.orgId)).toBe(keys);
  });
});

describe("PATCH /api/team/:id", () => {
  it("changes the role, and with it what the member's key may do, immediately", async () => {
    const org = await registerOrg();
    const m = await invite(org, "viewer");
    expectEnvelope(await read(api(m)["api-keys"].$get()), 403, "forbidden");

    const up = await read(api(org).team[":id"].$patch({ param: { id: m.member.id }, json: { role: "admin" } }));
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ id: m.member.id, role: "admin", email: m.member.email });
    expect((await memberRow(m.member.id))?.role).toBe("admin");
    expect((await read(api(m)["api-keys"].$get())).status).toBe(200);

    expect((await read(api(org).team[":id"].$patch({ param: { id: m.member.id }, json: { role: "engineer" } }))).status).toBe(200);
    expectEnvelope(await read(api(m)["api-keys"].$get()), 403, "forbidden");
    expect((await read(api(m).team.$get())).status).toBe(200);
    const listed = (await read(api(org)["api-keys"].$get())).body.find((k) => k.memberId === m.member.id)!;
    expect(listed.permissions).toEqual(["logs:read", "alerts:read", "logs:write", "alerts:write", "users:read"]);

    expect((await read(api(org).team[":id"].$patch({ param: { id: m.member.id }, json: { role: "viewer" } }))).status).toBe(200);
    expectEnvelope(await read(api(m).team.$get()), 403, "forbidden");
  });

  it("refuses to demote the last admin (409), but allows it when another admin remains", async () => {
    const org = await registerOrg();
    expectEnvelope(await read(api(org).team[":id"].$patch({ param: { id: org.memberId }, json: { role: "viewer" } })), 409, "conflict");
    expect((await memberRow(org.memberId))?.role).toBe("admin");
    // Re-asserting admin is not a demotion.
    expect((await read(api(org).team[":id"].$patch({ param: { id: org.memberId }, json: { role: "admin" } }))).status).toBe(200);

    const second = await invite(org, "admin");
    const res = await read(api(org).team[":id"].$patch({ param: { id: org.memberId }, json: { role: "engineer" } }));
    expect(res.status).toBe(200);
    expect(res.body.role).toBe("engineer");
    // The founder's key lost admin on the spot; the remaining admin cannot be demoted now.
    expectEnvelope(await read(api(org)["api-keys"].$get()), 403, "forbidden");
    expectEnvelope(
      await read(api(second).team[":id"].$patch({ param: { id: second.member.id }, json: { role: "viewer" } })),
      409,
      "conflict",
    );
  });

  it("keeps an admin when two admins demote each other concurrently", async () => {
    const org = await registerOrg();
    const second = await invite(org, "admin");
    const results = await Promise.all([
      read(api(org).team[":id"].$patch({ param: { id: second.member.id }, json: { role: "viewer" } })),
      read(api(second).team[":id"].$patch({ param: { id: org.memberId }, json: { role: "viewer" } })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const admins = await env.DB.prepare("SELECT count(*) AS n FROM team_members WHERE org_id = ? AND role = 'admin'")
      .bind(org.orgId)
      .first<{ n: number }>();
    expect(admins?.n).toBe(1);
  });

  it("answers the member's current status", async () => {
    const org = await registerOrg();
    const m = await invite(org, "viewer");
    await env.DB.prepare("UPDATE api_keys SET last_used_at = ? WHERE member_id = ?")
      .bind(Date.now() - 20 * 60_000, m.member.id)
      .run();
    const res = await read(api(org).team[":id"].$patch({ param: { id: m.member.id }, json: { role: "engineer" } }));
    expect(res.body).toMatchObject({ role: "engineer", status: "away" });
    expect(res.body).toEqual((await read(api(org).team.$get())).body.find((x) => x.id === m.member.id));
  });

  it("rejects a bad role or malformed JSON with 400 and changes nothing; unknown id → 404", async () => {
    const org = await registerOrg();
    const m = await invite(org, "viewer");
    let error = expectEnvelope(
      await call("PATCH", `/team/${m.member.id}`, { key: org.apiKey, body: { role: "superuser" } }),
      400,
      "validation_failed",
    );
    expect(error.issues).toEqual({ role: ["Role must be one of admin, engineer, viewer"] });
    error = expectEnvelope(
      await call("PATCH", `/team/${m.member.id}`, { key: org.apiKey, body: { role: null } }),
      400,
      "validation_failed",
    );
    expect(error.issues).toEqual({ role: ["Role must be one of admin, engineer, viewer"] });
    expectEnvelope(
      await call("PATCH", `/team/${m.member.id}`, { key: org.apiKey, rawBody: "{", headers: { "content-type": "application/json" } }),
      400,
      "bad_request",
    );
    expect((await memberRow(m.member.id))?.role).toBe("viewer");
    expectEnvelope(await read(api(org).team[":id"].$patch({ param: { id: "nope" }, json: { role: "viewer" } })), 404, "not_found");
  });
});

describe("DELETE /api/team/:id", () => {
  it("removes the member and their keys; their key then gets 401", async () => {
    const org = await registerOrg();
    const m = await invite(org, "engineer");
    expect((await read(api(m).logs.$get({ query: {} }))).status).toBe(200);
    const session = await call("POST", "/session", { body: { apiKey: m.apiKey } });
    const cookie = (session.headers.get("set-cookie") ?? "").split(";")[0];
    expect((await call("GET", "/team", { cookie })).status).toBe(200);

    const res = await read(api(org).team[":id"].$delete({ param: { id: m.member.id } }));
    expect(res.status).toBe(204);
    expect(await memberRow(m.member.id)).toBeNull();
    const keys = await env.DB.prepare("SELECT count(*) AS n FROM api_keys WHERE member_id = ?").bind(m.member.id).first<{ n: number }>();
    expect(keys?.n).toBe(0);
    expectEnvelope(await read(api(m).logs.$get({ query: {} })), 401, "unauthorized");
    expectEnvelope(await call("GET", "/team", { cookie }), 401, "unauthorized");
    expect((await read(api(org).team.$get())).body.map((x) => x.id)).toEqual([org.memberId]);
    expectEnvelope(await read(api(org).team[":id"].$delete({ param: { id: m.member.id } })), 404, "not_found");
  });

  it("refuses to remove yourself (409) or the last admin (409)", async () => {
    const org = await registerOrg();
    expectEnvelope(await read(api(org).team[":id"].$delete({ param: { id: org.memberId } })), 409, "conflict");
    expectEnvelope(await read(api({ cookie: org.cookie }).team[":id"].$delete({ param: { id: org.memberId } })), 409, "conflict");
    // A standalone admin key (no member) still cannot remove the only admin member.
    const standalone = await keyWith(org, ["admin"]);
    expectEnvelope(await read(api({ key: standalone }).team[":id"].$delete({ param: { id: org.memberId } })), 409, "conflict");
    expect(await memberRow(org.memberId)).not.toBeNull();
    expect((await read(api(org).team.$get())).status).toBe(200);

    // With a second admin, one admin may remove the other.
    const second = await invite(org, "admin");
    expect((await read(api(second).team[":id"].$delete({ param: { id: org.memberId } }))).status).toBe(204);
    expectEnvelope(await read(api(org).team.$get()), 401, "unauthorized");
  });
});

describe("DELETE /api/team/:id concurrency", () => {
  it("keeps an admin when two admins remove each other concurrently", async () => {
    const org = await registerOrg();
    const second = await invite(org, "admin");
    const results = await Promise.all([
      read(api(org).team[":id"].$delete({ param: { id: second.member.id } })),
      read(api(second).team[":id"].$delete({ param: { id: org.memberId } })),
    ]);
    expect(results.map((r) => r.status)).toContain(204);
    expect(results.map((r) => r.status)).not.toContain(500);
    const admins = await env.DB.prepare("SELECT id FROM team_members WHERE org_id = ? AND role = 'admin'")
      .bind(org.orgId)
      .all<{ id: string }>();
    expect(admins.results).toHaveLength(1);
    // The survivor's key still works; the removed admin's keys are gone.
    const keys = await env.DB.prepare("SELECT member_id FROM api_keys WHERE org_id = ?").bind(org.orgId).all<{ member_id: string }>();
    expect(keys.results.map((k) => k.member_id)).toEqual([admins.results[0].id]);
  });
});

describe("team auth and tenancy", () => {
  it("answers 401 without credentials or with an invalid key, and writes nothing", async () => {
    const org = await registerOrg();
    const m = await invite(org, "viewer");
    const members = await count("team_members", org.orgId);
    for (const opts of [{}, { key: `pk_live_${"0".repeat(32)}` }]) {
      expectEnvelope(await call("GET", "/team", opts), 401, "unauthorized");
      expectEnvelope(
        await call("POST", "/team/invite", { ...opts, body: { name: "X", email: "x@example.com", role: "admin" } }),
        401,
        "unauthorized",
      );
      expectEnvelope(await call("PATCH", `/team/${m.member.id}`, { ...opts, body: { role: "admin" } }), 401, "unauthorized");
      expectEnvelope(await call("DELETE", `/team/${m.member.id}`, opts), 401, "unauthorized");
    }
    expect(await count("team_members", org.orgId)).toBe(members);
    expect((await memberRow(m.member.id))?.role).toBe("viewer");
  });

  it("answers 403 without the needed permission: users:read to list, admin for the rest", async () => {
    const org = await registerOrg();
    const m = await invite(org, "viewer");
    const members = await count("team_members", org.orgId);
    const allButAdmin = await keyWith(org, ["logs:read", "logs:write", "alerts:read", "alerts:write", "users:read"]);
    const logsOnly = await keyWith(org, ["logs:read"]);
    expectEnvelope(await read(api({ key: logsOnly }).team.$get()), 403, "forbidden");
    expect((await read(api({ key: allButAdmin }).team.$get())).status).toBe(200);
    expectEnvelope(
      await read(api({ key: allButAdmin }).team.invite.$post({ json: { name: "X", email: "x@example.com", role: "admin" } })),
      403,
      "forbidden",
    );
    expectEnvelope(
      await read(api({ key: allButAdmin }).team[":id"].$patch({ param: { id: m.member.id }, json: { role: "admin" } })),
      403,
      "forbidden",
    );
    expectEnvelope(await read(api({ key: allButAdmin }).team[":id"].$delete({ param: { id: m.member.id } })), 403, "forbidden");
    expect(await count("team_members", org.orgId)).toBe(members);
    expect((await memberRow(m.member.id))?.role).toBe("viewer");
  });

  it("answers 404 to another organization's admin for A's member ids and leaves A unchanged", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    const aMember = await invite(a, "viewer");
    const before = await read(api(a).team.$get());
    for (const id of [aMember.member.id, a.memberId]) {
      expectEnvelope(await read(api(b).team[":id"].$patch({ param: { id: id }, json: { role: "admin" } })), 404, "not_found");
      expectEnvelope(await read(api(b).team[":id"].$delete({ param: { id: id } })), 404, "not_found");
    }
    const after = await read(api(a).team.$get());
    expect(after.body.map((m) => [m.id, m.role])).toEqual(before.body.map((m) => [m.id, m.role]));
    expect((await read(api(aMember).logs.$get({ query: {} }))).status).toBe(200);
    expect(await count("api_keys", a.orgId)).toBe(2);
  });
});
