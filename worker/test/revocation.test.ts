// Revocation suite (docs/sessions.md): for each way access ends — key deleted, key expired, key rotated, member
// removed, sign-out — every credential derived from it stops working on the very next request: the
// Bearer key, `?apiKey=`, the session cookie, minting realtime tokens; and the party room is told,
// before the answer, to close the sockets and refuse the tokens already minted (the room's side of
// that is proved against a real `partykit dev` in party/revocation.test.ts).
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { REVOKE_ACCESS, verifyRealtimeToken, type RealtimeClaims, type RevokeAccessMessage } from "@promptsentry/schema/realtime";
import type { Bindings } from "../src/env";
import worker from "../src/index";
import { cachedCredential, rememberCredential } from "../src/auth/credential-cache";
import { hashApiKey } from "../src/auth/keys";
import { receiver } from "./delivery-helpers";
import { allowUpstreamOverride, fakeProvider, rawGatewayCall } from "./gateway-client";
import { BASE, dataD1 } from "./helpers";

type Creds = { key?: string; query?: string; cookie?: string; headers?: Record<string, string> };

/** The worker with a recording stand-in for the party server (a real HTTP listener). */
function stack() {
  const room = receiver();
  const bindings: Bindings = { ...env, PARTY_HOST: room.origin };
  async function call(method: string, path: string, creds: Creds = {}, body?: unknown) {
    const headers: Record<string, string> = { ...creds.headers };
    if (creds.key) headers.authorization = `Bearer ${creds.key}`;
    if (creds.cookie) headers.cookie = creds.cookie;
    if (body !== undefined) headers["content-type"] = "application/json";
    const url = new URL(`${BASE}/api${path}`);
    if (creds.query) url.searchParams.set("apiKey", creds.query);
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
      bindings,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  }
  const cookieOf = (res: { headers: Headers }) => (res.headers.get("set-cookie") ?? "").split(";")[0];
  return {
    call,
    cookieOf,
    async register() {
      const res = await call(
        "POST",
        "/register",
        {},
        { name: `Revocation ${crypto.randomUUID().slice(0, 8)}`, email: `r-${crypto.randomUUID().slice(0, 8)}@example.com` },
      );
      return { orgId: res.body.organization.id as string, adminKey: res.body.apiKey as string, adminCookie: cookieOf(res) };
    },
    async signIn(apiKey: string) {
      const res = await call("POST", "/session", {}, { apiKey });
      expect(res.status).toBe(200);
      return cookieOf(res);
    },
    async token(creds: Creds, orgId: string): Promise<RealtimeClaims> {
      const res = await call("GET", "/realtime/token", creds);
      expect(res.status).toBe(200);
      return (await verifyRealtimeToken(res.body.token, orgId, env.PARTY_SECRET))!;
    },
    /** Revocations the worker sent to the organization's room. */
    async revocations(orgId: string): Promise<RevokeAccessMessage[]> {
      const res = await fetch(`${room.origin}/_requests?path=${encodeURIComponent(`/parties/main/${orgId}`)}`);
      const recorded = (await res.json()) as { headers: Record<string, string>; body: string }[];
      for (const r of recorded) expect(r.headers.authorization).toBe(`Bearer ${env.PARTY_SECRET}`);
      return recorded.map((r) => JSON.parse(r.body)).filter((m) => m.type === REVOKE_ACCESS);
    },
  };
}

/** Every way in with these credentials answers 401 (and the shell sees no organization). */
async function expectLockedOut(s: ReturnType<typeof stack>, creds: Creds[]) {
  for (const c of creds) {
    const label = JSON.stringify(Object.keys(c));
    expect((await s.call("GET", "/logs", c)).status, `GET /logs ${label}`).toBe(401);
    expect((await s.call("GET", "/realtime/token", c)).status, `realtime token ${label}`).toBe(401);
    expect((await s.call("GET", "/audit", c)).status, `audit log ${label}`).toBe(401);
    expect((await s.call("GET", "/organization", c)).body, `organization ${label}`).toBeNull();
  }
}

/** The room was told, before the answer, to drop every token in `tokens` (by key, issued until then). */
function expectKeyRevoked(messages: RevokeAccessMessage[], tokens: RealtimeClaims[]) {
  for (const t of tokens) {
    expect(
      messages.some((m) => m.keyIds.includes(t.kid) && m.at >= t.iat),
      `room told to drop key ${t.kid}`,
    ).toBe(true);
  }
}

describe("revocation: key deleted", () => {
  it("ends its Bearer, ?apiKey, sessions, realtime tokens and sockets at once", async () => {
    const s = stack();
    const org = await s.register();
    const created = await s.call("POST", "/api-keys", { key: org.adminKey }, { name: "Doomed", permissions: ["logs:read"] });
    const key = created.body.keyValue as string;
    const cookie = await s.signIn(key);
    const tokens = [await s.token({ key }, org.orgId), await s.token({ cookie }, org.orgId)];

    expect((await s.call("DELETE", `/api-keys/${created.body.id}`, { key: org.adminKey })).status).toBe(204);

    await expectLockedOut(s, [{ key }, { query: key }, { cookie }]);
    expectKeyRevoked(await s.revocations(org.orgId), tokens);
    expect((await s.call("GET", "/logs", { key: org.adminKey })).status).toBe(200);
  });
});

describe("revocation: key expired", () => {
  it("ends every credential at expiry, and no realtime token outlives the key", async () => {
    const s = stack();
    const org = await s.register();
    const expiresAt = new Date(Date.now() + 120_000);
    const created = await s.call(
      "POST",
      "/api-keys",
      { key: org.adminKey },
      { name: "Short-lived", permissions: ["logs:read"], expiresAt: expiresAt.toISOString() },
    );
    const key = created.body.keyValue as string;
    const cookie = await s.signIn(key);
    for (const t of [await s.token({ key }, org.orgId), await s.token({ cookie }, org.orgId)]) {
      // The room closes each socket at its token's expiry: that must not be later than the key's.
      expect(t.exp * 1000).toBeLessThanOrEqual(expiresAt.getTime());
    }
    await env.DB.prepare("UPDATE api_keys SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, created.body.id)
      .run();
    await expectLockedOut(s, [{ key }, { query: key }, { cookie }]);
  });
});

describe("revocation: key rotated", () => {
  it("ends the old secret and every other session; the rotating session continues in a fresh one", async () => {
    const s = stack();
    const org = await s.register();
    const rotating = await s.signIn(org.adminKey);
    const stolen = await s.signIn(org.adminKey); // a copy of a session elsewhere
    const tokens = [
      await s.token({ key: org.adminKey }, org.orgId),
      await s.token({ cookie: stolen }, org.orgId),
      await s.token({ cookie: rotating }, org.orgId),
    ];

    const res = await s.call("POST", "/settings/rotate-key", { cookie: rotating });
    expect(res.status).toBe(200);
    const fresh = s.cookieOf(res);
    expect(fresh).toMatch(/^ps_session=/);
    expect(fresh).not.toBe(rotating);

    await expectLockedOut(s, [
      { key: org.adminKey },
      { query: org.adminKey },
      { cookie: stolen },
      { cookie: rotating },
      { cookie: org.adminCookie },
    ]);
    // The stolen session cannot rotate the key again and lock the owner out.
    expect((await s.call("POST", "/settings/rotate-key", { cookie: stolen })).status).toBe(401);
    expectKeyRevoked(await s.revocations(org.orgId), tokens);

    // The new secret and the rotating browser's fresh session work; its new tokens are not refused.
    expect((await s.call("GET", "/logs", { key: res.body.apiKey })).status).toBe(200);
    expect((await s.call("GET", "/organization", { cookie: fresh })).body.keyPrefix).toBe(res.body.keyPrefix);
    const after = await s.token({ cookie: fresh }, org.orgId);
    for (const m of await s.revocations(org.orgId)) expect(after.iat).toBeGreaterThan(m.at);
  });

  it("through the Bearer key: every session of the key ends, and no cookie is set", async () => {
    const s = stack();
    const org = await s.register();
    const cookie = await s.signIn(org.adminKey);
    const res = await s.call("POST", "/settings/rotate-key", { key: org.adminKey });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    await expectLockedOut(s, [{ cookie }, { cookie: org.adminCookie }, { key: org.adminKey }]);
  });
});

describe("revocation: member removed", () => {
  it("ends the member's key, sessions, realtime tokens and sockets at once", async () => {
    const s = stack();
    const org = await s.register();
    const invited = await s.call(
      "POST",
      "/team/invite",
      { key: org.adminKey },
      { name: "Leaver", email: `leaver-${crypto.randomUUID().slice(0, 6)}@example.com`, role: "engineer" },
    );
    const key = invited.body.apiKey as string;
    const cookie = await s.signIn(key);
    const tokens = [await s.token({ key }, org.orgId), await s.token({ cookie }, org.orgId)];

    expect((await s.call("DELETE", `/team/${invited.body.member.id}`, { cookie: org.adminCookie })).status).toBe(204);

    await expectLockedOut(s, [{ key }, { query: key }, { cookie }]);
    expectKeyRevoked(await s.revocations(org.orgId), tokens);
  });
});

describe("revocation: sign-out", () => {
  it("ends the session and its realtime tokens and sockets; the key and its other sessions stay", async () => {
    const s = stack();
    const org = await s.register();
    const cookie = await s.signIn(org.adminKey);
    const token = await s.token({ cookie }, org.orgId);
    expect(token.sid).toBeTruthy();

    const out = await s.call("DELETE", "/session", { cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/i);

    // A copy of the cookie kept by someone else no longer works either.
    await expectLockedOut(s, [{ cookie }]);
    expect((await s.revocations(org.orgId)).some((m) => m.sessionIds.includes(token.sid!))).toBe(true);
    expect((await s.call("GET", "/logs", { cookie: org.adminCookie })).status).toBe(200);
    expect((await s.call("GET", "/logs", { key: org.adminKey })).status).toBe(200);
  });
});

// docs/sessions.md#cached-credentials: ingestion lets a Bearer key in on this isolate's cached resolution,
// and the organization's committer decides on the key's row, which it reads once and keeps. Revoked
// through the API by another isolate, the key is still in this isolate's cache (put back here as it
// was); the request must still be refused, because every route that ends a key's access tells the
// committer to forget the rows it kept before it answers.
describe("revocation: cached credentials", () => {
  const log = { model: "gpt-4o", prompt: "hello", response: "hi" };
  const stored = async (orgId: string) =>
    (await (await dataD1(orgId)).prepare("SELECT count(*) AS n FROM prompt_logs WHERE org_id = ?").bind(orgId).first<{ n: number }>())!.n;
  type Org = Awaited<ReturnType<ReturnType<typeof stack>["register"]>>;
  const invite = async (s: ReturnType<typeof stack>, org: Org) => {
    const invited = await s.call(
      "POST",
      "/team/invite",
      { key: org.adminKey },
      { name: "Member", email: `m-${crypto.randomUUID().slice(0, 6)}@example.com`, role: "engineer" },
    );
    return { key: invited.body.apiKey as string, memberId: invited.body.member.id as string };
  };
  /** How each way of ending access makes a key and ends it through the API: the status ingestion answers after. */
  const revocations: [
    string,
    number,
    (s: ReturnType<typeof stack>, org: Org) => Promise<{ key: string; revoke: () => Promise<number> }>,
  ][] = [
    [
      "deleted",
      401,
      async (s, org) => {
        const created = await s.call("POST", "/api-keys", { key: org.adminKey }, { name: "Cached", permissions: ["logs:write"] });
        return {
          key: created.body.keyValue,
          revoke: async () => (await s.call("DELETE", `/api-keys/${created.body.id}`, { key: org.adminKey })).status,
        };
      },
    ],
    [
      "rotated",
      401,
      async (s, org) => ({
        key: org.adminKey,
        revoke: async () => (await s.call("POST", "/settings/rotate-key", { key: org.adminKey })).status,
      }),
    ],
    [
      "of a member removed",
      401,
      async (s, org) => {
        const { key, memberId } = await invite(s, org);
        return { key, revoke: async () => (await s.call("DELETE", `/team/${memberId}`, { key: org.adminKey })).status };
      },
    ],
    [
      "of a member demoted to viewer",
      403,
      async (s, org) => {
        const { key, memberId } = await invite(s, org);
        return { key, revoke: async () => (await s.call("PATCH", `/team/${memberId}`, { key: org.adminKey }, { role: "viewer" })).status };
      },
    ],
  ];

  for (const [name, status, make] of revocations) {
    it(`a key ${name} through another isolate is refused by single, batch and idempotent ingestion; nothing is stored`, async () => {
      const s = stack();
      const org = await s.register();
      const { key, revoke } = await make(s, org);
      const hash = await hashApiKey(key);
      // The first request reads the key (the isolate remembers it), the next ones are let in from that
      // and checked by the committer, which keeps the key's row.
      for (let i = 0; i < 3; i++) expect((await s.call("POST", "/logs", { key }, log)).status).toBe(201);
      const remembered = cachedCredential(hash)!;
      expect(remembered, "the isolate remembers the key").not.toBeNull();
      expect([200, 204]).toContain(await revoke());
      const before = await stored(org.orgId);
      const sends: [string, () => Promise<{ status: number }>][] = [
        ["single", () => s.call("POST", "/logs", { key }, log)],
        ["batch", () => s.call("POST", "/logs/batch", { key }, { logs: [log, log] })],
        ["idempotent", () => s.call("POST", "/logs", { key, headers: { "idempotency-key": "again" } }, log)],
      ];
      for (const [kind, send] of sends) {
        rememberCredential(hash, remembered); // as the isolates that did not revoke it still hold it
        expect((await send()).status, kind).toBe(status);
      }
      expect(await stored(org.orgId)).toBe(before);
    });
  }

  it("a key expired since its committer kept its row is refused at its expiry", async () => {
    const s = stack();
    const org = await s.register();
    const expiresAt = Date.now() + 1_500;
    const created = await s.call(
      "POST",
      "/api-keys",
      { key: org.adminKey },
      { name: "Brief", permissions: ["logs:write"], expiresAt: new Date(expiresAt).toISOString() },
    );
    const key = created.body.keyValue as string;
    for (let i = 0; i < 2; i++) expect((await s.call("POST", "/logs", { key }, log)).status).toBe(201);
    const remembered = cachedCredential(await hashApiKey(key))!;
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAt - Date.now() + 50)));
    const before = await stored(org.orgId);
    // Past the isolate's own check of the expiry too (its entry put back as it was read): only the committer decides.
    rememberCredential(await hashApiKey(key), { ...remembered, expiresAt: null });
    expect((await s.call("POST", "/logs", { key }, log)).status).toBe(401);
    expect(await stored(org.orgId)).toBe(before);
  });

  it("an Idempotency-Key replay by a key revoked elsewhere answers 401, not the stored log", async () => {
    const s = stack();
    const org = await s.register();
    const created = await s.call("POST", "/api-keys", { key: org.adminKey }, { name: "Replayed", permissions: ["logs:write"] });
    const key = created.body.keyValue as string;
    const headers = { "idempotency-key": `idem-${crypto.randomUUID()}` };
    expect((await s.call("POST", "/logs", { key }, log)).status).toBe(201);
    expect((await s.call("POST", "/logs", { key, headers }, log)).status).toBe(201); // checked and kept by the committer
    const remembered = cachedCredential(await hashApiKey(key))!;
    expect((await s.call("DELETE", `/api-keys/${created.body.id}`, { key: org.adminKey })).status).toBe(204);
    rememberCredential(await hashApiKey(key), remembered);
    expect((await s.call("POST", "/logs", { key, headers }, log)).status).toBe(401);
  });

  it("a key deleted by hand in the database is refused at once by a committer that never checked it", async () => {
    const s = stack();
    const org = await s.register();
    const created = await s.call("POST", "/api-keys", { key: org.adminKey }, { name: "By hand", permissions: ["logs:write"] });
    const key = created.body.keyValue as string;
    expect((await s.call("POST", "/logs", { key }, log)).status).toBe(201); // read by the isolate; the committer never checked it
    await env.DB.prepare("DELETE FROM api_keys WHERE id = ?").bind(created.body.id).run();
    expect(cachedCredential(await hashApiKey(key)), "still cached here: only the committer can refuse it").not.toBeNull();
    expect((await s.call("POST", "/logs", { key }, log)).status).toBe(401);
    expect(cachedCredential(await hashApiKey(key)), "forgotten once refused").toBeNull();
  });

  it("revocation through the API forgets the key in this isolate at once (delete, rotate, member removed)", async () => {
    const s = stack();
    const org = await s.register();
    const created = await s.call("POST", "/api-keys", { key: org.adminKey }, { name: "Cached", permissions: ["logs:write"] });
    const key = created.body.keyValue as string;
    expect((await s.call("POST", "/logs", { key }, log)).status).toBe(201);
    expect(cachedCredential(await hashApiKey(key))).not.toBeNull();
    expect((await s.call("DELETE", `/api-keys/${created.body.id}`, { key: org.adminKey })).status).toBe(204);
    expect(cachedCredential(await hashApiKey(key))).toBeNull();

    const rotating = await s.register();
    expect((await s.call("POST", "/logs", { key: rotating.adminKey }, log)).status).toBe(201);
    expect(cachedCredential(await hashApiKey(rotating.adminKey))).not.toBeNull();
    expect((await s.call("POST", "/settings/rotate-key", { key: rotating.adminKey })).status).toBe(200);
    expect(cachedCredential(await hashApiKey(rotating.adminKey))).toBeNull();

    const { key: memberKey, memberId } = await invite(s, org);
    expect((await s.call("POST", "/logs", { key: memberKey }, log)).status).toBe(201);
    expect((await s.call("DELETE", `/team/${memberId}`, { key: org.adminKey })).status).toBe(204);
    expect(cachedCredential(await hashApiKey(memberKey))).toBeNull();
    expect((await s.call("POST", "/logs", { key: memberKey }, log)).status).toBe(401);
  });
});

describe("revocation: key deleted, on every gateway route", () => {
  it("refuses the deleted key at once in each provider's shape, and forwards and stores nothing", async () => {
    const s = stack();
    const org = await s.register();
    const created = await s.call("POST", "/api-keys", { key: org.adminKey }, { name: "Gateway", permissions: ["logs:write"] });
    const key = created.body.keyValue as string;
    await allowUpstreamOverride(env.DB, key);
    const provider = fakeProvider();
    const calls = [
      ["/v1/chat/completions", provider.baseURL, { model: "gpt-4o", messages: [{ role: "user", content: "hi" }] }],
      ["/v1/responses", provider.baseURL, { model: "gpt-4.1", input: "hi" }],
      ["/anthropic/v1/messages", provider.root, { model: "claude-haiku-4-5", max_tokens: 5, messages: [{ role: "user", content: "hi" }] }],
      ["/gemini/v1beta/models/gemini-2.5-flash:generateContent", provider.root, { contents: [{ parts: [{ text: "hi" }] }] }],
    ] as const;
    const send = (path: string, upstream: string, body: object) =>
      rawGatewayCall(
        { "content-type": "application/json", "X-PromptSentry-Key": key, "X-PromptSentry-Upstream": upstream },
        JSON.stringify(body),
        {},
        path,
      );
    // Each route takes the key while it lives (the credential cache now holds it).
    for (const [path, upstream, body] of calls) expect((await send(path, upstream, body)).status, path).toBe(200);
    expect((await s.call("DELETE", `/api-keys/${created.body.id}`, { key: org.adminKey })).status).toBe(204);
    const forwarded = (await provider.requests()).length;
    for (const [path, upstream, body] of calls) {
      const res = await send(path, upstream, body);
      expect(res.status, `${path}: ${res.text}`).toBe(401);
      expect(res.text, path).toMatch(/authentication_error|UNAUTHENTICATED/);
    }
    expect((await provider.requests()).length).toBe(forwarded);
    expect((await s.call("GET", "/logs", { key: org.adminKey })).body).toHaveLength(calls.length);
  });
});
