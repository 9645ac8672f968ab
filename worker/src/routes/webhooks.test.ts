import type { Permission } from "@promptsentry/schema/constants/access";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { webhookDeliveries, webhooks } from "@promptsentry/schema/tables/delivery";
import { callWith, receiver, recordingQueue, runQueue, testEnv } from "../../test/delivery-helpers";
import { api, call, dataDb, expectEnvelope, keyWith, read, registerOrg, testDb, type TestOrg } from "../../test/helpers";
import { idAt } from "../lib/ids";

const PRIVATE = "Private and loopback addresses are not allowed";
const NEVER = "This address can never receive webhooks";
const INTERNAL = "Internal host names (dotless, .internal, .local, .svc, .lan, .corp, …) are not allowed";
const PORTS = "Only ports 80, 443, 8080 and 8443 are allowed";
const REBIND = "Wildcard and rebinding DNS names (nip.io, localtest.me, …) are not allowed";

/**
 * The distinct messages under one field. (Today a non-URL collects "Valid URL required" twice, from
 * v.url and from the http(s) check in schema/requests/fields.ts' httpUrl; see the report.)
 */
const messages = (issues: Record<string, string[]> | undefined, field: string) => [...new Set(issues?.[field] ?? [])];

const count = async (orgId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM webhooks WHERE org_id = ?").bind(orgId).first<{ n: number }>())!.n;

const storedWebhook = async (id: string) => (await testDb().select().from(webhooks).where(eq(webhooks.id, id)))[0];

async function createWebhook(org: TestOrg, body: Record<string, unknown> = {}) {
  const res = await call("POST", "/webhooks", {
    key: org.apiKey,
    body: { name: "Ops hook", url: "https://hooks.example.com/promptsentry", events: ["flag.detected", "alert.created"], ...body },
  });
  if (res.status !== 201) throw new Error(`webhook create failed: ${res.status} ${res.text}`);
  return res.body;
}

let deliverySeq = 0;
async function insertDelivery(org: TestOrg, webhookId: string, at: Date, extra: Partial<typeof webhookDeliveries.$inferInsert> = {}) {
  const row = {
    id: idAt(at.getTime()),
    orgId: org.orgId,
    webhookId,
    messageId: `msg_${++deliverySeq}`,
    eventType: "flag.detected",
    attempt: 1,
    statusCode: 200,
    success: true,
    error: null,
    durationMs: 42,
    createdAt: at,
    ...extra,
  };
  await (await dataDb(org.orgId)).insert(webhookDeliveries).values(row);
  return row;
}

describe("POST /api/webhooks", () => {
  it("creates a webhook with a whsec_ secret and stores it for the caller's organization", async () => {
    const org = await registerOrg();
    const res = await call("POST", "/webhooks", {
      key: org.apiKey,
      body: { name: "  Ops hook  ", url: "https://hooks.example.com/x", events: ["flag.detected", "flag.detected", "user.joined"] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Ops hook",
      url: "https://hooks.example.com/x",
      events: ["flag.detected", "user.joined"],
      active: true,
      disabledReason: null,
      lastDelivery: null,
    });
    expect(res.body.id).toEqual(expect.any(String));
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/);
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    const row = await storedWebhook(res.body.id);
    expect(row).toMatchObject({
      orgId: org.orgId,
      name: "Ops hook",
      secret: res.body.secret,
      active: true,
      events: ["flag.detected", "user.joined"],
    });
    // Every webhook gets its own secret.
    const other = await createWebhook(org);
    expect(other.secret).not.toBe(res.body.secret);
  });

  it("rejects missing fields with the spec's messages and stores nothing", async () => {
    const org = await registerOrg();
    const before = await count(org.orgId);
    const res = await read(api(org).webhooks.$post({ json: { name: " ", url: "not a url", events: [] } }));
    const error = expectEnvelope(res, 400, "validation_failed");
    expect(error.issues?.name).toEqual(["Name is required"]);
    expect(messages(error.issues, "url")).toEqual(["Valid URL required"]);
    expect(error.issues?.events).toEqual(["At least one event must be selected"]);

    // Absent fields are refused under their own names. (Their messages are valibot's "Invalid key: …"
    // until schema/requests/ defaults absent fields so the spec's texts apply; see the report.)
    const empty = expectEnvelope(await read(api(org).webhooks.$post({ json: {} })), 400, "validation_failed");
    expect(Object.keys(empty.issues ?? {}).sort()).toEqual(["events", "name", "url"]);

    const scheme = expectEnvelope(
      await read(api(org).webhooks.$post({ json: { name: "x", url: "ftp://example.com/x", events: ["alert.created"] } })),
      400,
    );
    expect(scheme.issues?.url).toEqual(["Valid URL required"]);

    const unknownEvent = expectEnvelope(
      await call("POST", "/webhooks", { key: org.apiKey, body: { name: "x", url: "https://example.com/", events: ["red_flag_detected"] } }),
      400,
    );
    expect(unknownEvent.issues?.["events.0"]).toEqual(["Unknown event"]);
    expect(await count(org.orgId)).toBe(before);
  });

  it("rejects malformed JSON and a wrong content type with 400 and stores nothing", async () => {
    const org = await registerOrg();
    expectEnvelope(
      await call("POST", "/webhooks", { key: org.apiKey, rawBody: "{nope", headers: { "content-type": "application/json" } }),
      400,
      "bad_request",
    );
    expectEnvelope(
      await call("POST", "/webhooks", {
        key: org.apiKey,
        rawBody: JSON.stringify({ name: "x", url: "https://example.com", events: ["user.joined"] }),
        headers: { "content-type": "text/plain" },
      }),
      400,
      "invalid_content_type",
    );
    expect(await count(org.orgId)).toBe(0);
  });

  it("refuses loopback, private, link-local and metadata targets (ALLOW_PRIVATE_WEBHOOKS=false)", async () => {
    const org = await registerOrg();
    const cases: [string, string][] = [
      ["http://127.0.0.1:8787/hook", PRIVATE],
      ["http://10.0.0.5/hook", PRIVATE],
      ["http://192.168.0.10/hook", PRIVATE],
      ["http://localhost:3000/hook", PRIVATE],
      ["http://[::1]/hook", PRIVATE],
      ["http://169.254.169.254/latest/meta-data/", NEVER],
      ["http://[fe80::1]/hook", NEVER],
      ["http://kubernetes.default.svc/hook", INTERNAL],
      ["http://ip-10-0-0-5.example.net/hook", PRIVATE],
      ["http://localh.st/hook", REBIND],
      ["https://hooks.example.com:6379/hook", PORTS],
      ["http://hooks.example.com:22/hook", PORTS],
    ];
    for (const [url, message] of cases) {
      const res = await read(api(org).webhooks.$post({ json: { name: "SSRF", url, events: ["alert.created"] } }));
      const error = expectEnvelope(res, 400, "validation_failed");
      expect(error.message, url).toBe(message);
      expect(error.issues, url).toEqual({ url: [message] });
    }
    expect(await count(org.orgId)).toBe(0);
  });
});

describe("GET /api/webhooks", () => {
  it("lists only the caller's webhooks, newest first", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    const first = await createWebhook(a, { name: "first" });
    const second = await createWebhook(a, { name: "second" });
    const foreign = await createWebhook(b, { name: "b's hook" });
    const res = await read(api(a).webhooks.$get());
    expect(res.status).toBe(200);
    expect(res.body.map((w) => w.id)).toEqual([second.id, first.id]);
    expect(res.body[0]).toEqual(second);
    expect(res.text).not.toContain(foreign.id);
    expect(res.text).not.toContain(foreign.secret);
    const bList = await read(api(b).webhooks.$get());
    expect(bList.body.map((w) => w.id)).toEqual([foreign.id]);
  });

  it("shows each webhook's most recent delivery as lastDelivery", async () => {
    const org = await registerOrg();
    const hook = await createWebhook(org);
    const quiet = await createWebhook(org, { name: "quiet" });
    const t = Date.now();
    await insertDelivery(org, hook.id, new Date(t - 60_000), { success: false, statusCode: 500, error: "HTTP 500" });
    const latest = await insertDelivery(org, hook.id, new Date(t - 1_000), { attempt: 2, eventType: "alert.created" });
    const list = (await read(api(org).webhooks.$get())).body as any[];
    const shown = list.find((w) => w.id === hook.id);
    expect(shown.lastDelivery).toEqual({
      id: latest.id,
      webhookId: hook.id,
      messageId: latest.messageId,
      event: "alert.created",
      attempt: 2,
      statusCode: 200,
      success: true,
      error: null,
      durationMs: 42,
      createdAt: latest.createdAt.toISOString(),
    });
    expect(list.find((w) => w.id === quiet.id).lastDelivery).toBeNull();
  });
});

describe("PATCH /api/webhooks/:id", () => {
  it("toggles active and updates fields, answering the stored webhook", async () => {
    const org = await registerOrg();
    const hook = await createWebhook(org);
    const off = await read(api(org).webhooks[":id"].$patch({ param: { id: hook.id }, json: { active: false } }));
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: hook.id, active: false, name: hook.name, url: hook.url, secret: hook.secret });
    expect((await storedWebhook(hook.id)).active).toBe(false);

    const edit = await call("PATCH", `/webhooks/${hook.id}`, {
      key: org.apiKey,
      body: { name: "Renamed", url: "https://other.example.com/in", events: ["prompt.created"] },
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ name: "Renamed", url: "https://other.example.com/in", events: ["prompt.created"], active: false });
    expect(await storedWebhook(hook.id)).toMatchObject({
      name: "Renamed",
      url: "https://other.example.com/in",
      events: ["prompt.created"],
      secret: hook.secret,
    });
  });

  it("clears the disabled reason when a webhook is re-enabled", async () => {
    const org = await registerOrg();
    const hook = await createWebhook(org);
    await testDb().update(webhooks).set({ active: false, disabledReason: "Endpoint answered 410 Gone" }).where(eq(webhooks.id, hook.id));
    const listed = (await read(api(org).webhooks.$get())).body[0];
    expect(listed).toMatchObject({ active: false, disabledReason: "Endpoint answered 410 Gone" });
    const on = await read(api(org).webhooks[":id"].$patch({ param: { id: hook.id }, json: { active: true } }));
    expect(on.body).toMatchObject({ active: true, disabledReason: null });
    expect(await storedWebhook(hook.id)).toMatchObject({ active: true, disabledReason: null });
  });

  it("validates the patch with the spec's messages and leaves the row unchanged", async () => {
    const org = await registerOrg();
    const hook = await createWebhook(org);
    const before = await storedWebhook(hook.id);
    const bad = expectEnvelope(
      await call("PATCH", `/webhooks/${hook.id}`, { key: org.apiKey, body: { name: "", url: "nope", events: [], active: "yes" } }),
      400,
      "validation_failed",
    );
    expect(bad.issues?.name).toEqual(["Name is required"]);
    expect(messages(bad.issues, "url")).toEqual(["Valid URL required"]);
    expect(bad.issues?.events).toEqual(["At least one event must be selected"]);
    expect(bad.issues?.active).toEqual(["active must be true or false"]);
    expect(expectEnvelope(await read(api(org).webhooks[":id"].$patch({ param: { id: hook.id }, json: {} })), 400).message).toBe(
      "Nothing to update",
    );
    expectEnvelope(
      await call("PATCH", `/webhooks/${hook.id}`, { key: org.apiKey, rawBody: "{", headers: { "content-type": "application/json" } }),
      400,
      "bad_request",
    );
    for (const url of ["http://127.0.0.1/x", "http://10.1.1.1/x", "http://localhost/x", "http://[::1]/x", "http://169.254.169.254/"]) {
      const res = await read(api(org).webhooks[":id"].$patch({ param: { id: hook.id }, json: { url } }));
      expect(expectEnvelope(res, 400, "validation_failed").issues?.url, url).toHaveLength(1);
    }
    expect(await storedWebhook(hook.id)).toEqual(before);
  });

  it("answers 404 for an unknown id", async () => {
    const org = await registerOrg();
    expectEnvelope(await read(api(org).webhooks[":id"].$patch({ param: { id: "01NOPE" }, json: { active: false } })), 404, "not_found");
  });
});

describe("DELETE /api/webhooks/:id", () => {
  it("deletes the webhook and its delivery history", async () => {
    const org = await registerOrg();
    const hook = await createWebhook(org);
    const keep = await createWebhook(org, { name: "keep" });
    await insertDelivery(org, hook.id, new Date());
    await insertDelivery(org, keep.id, new Date());
    const res = await read(api(org).webhooks[":id"].$delete({ param: { id: hook.id } }));
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(await storedWebhook(hook.id)).toBeUndefined();
    // The deliveries live in the organization's shard: deleted there with their webhook, the other kept.
    const data = await dataDb(org.orgId);
    expect(await data.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id))).toEqual([]);
    expect(await storedWebhook(keep.id)).toBeDefined();
    expect(await data.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, keep.id))).toHaveLength(1);
    expectEnvelope(await read(api(org).webhooks[":id"].$delete({ param: { id: hook.id } })), 404, "not_found");
  });
});

describe("GET /api/webhooks/:id/deliveries", () => {
  it("lists only that webhook's deliveries, newest first", async () => {
    const org = await registerOrg();
    const hook = await createWebhook(org);
    const other = await createWebhook(org, { name: "other" });
    const t = Date.now();
    const old = await insertDelivery(org, hook.id, new Date(t - 120_000), {
      success: false,
      statusCode: null,
      error: "timeout",
      durationMs: null,
    });
    const mid = await insertDelivery(org, hook.id, new Date(t - 60_000), { attempt: 2 });
    const otherRow = await insertDelivery(org, other.id, new Date(t - 30_000));
    const res = await read(api(org).webhooks[":id"].deliveries.$get({ param: { id: hook.id } }));
    expect(res.status).toBe(200);
    expect(res.body.map((d) => d.id)).toEqual([mid.id, old.id]);
    expect(res.body[1]).toEqual({
      id: old.id,
      webhookId: hook.id,
      messageId: old.messageId,
      event: "flag.detected",
      attempt: 1,
      statusCode: null,
      success: false,
      error: "timeout",
      durationMs: null,
      createdAt: old.createdAt.toISOString(),
    });
    expect(res.text).not.toContain(otherRow.id);
    expect((await read(api(org).webhooks[":id"].deliveries.$get({ param: { id: other.id } }))).body.map((d) => d.id)).toEqual([
      otherRow.id,
    ]);
  });

  it("answers an empty list for a webhook never delivered, 404 for an unknown one", async () => {
    const org = await registerOrg();
    const hook = await createWebhook(org);
    const res = await read(api(org).webhooks[":id"].deliveries.$get({ param: { id: hook.id } }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expectEnvelope(await read(api(org).webhooks[":id"].deliveries.$get({ param: { id: "01NOPE" } })), 404, "not_found");
  });
});

describe("webhooks: authentication and permissions", () => {
  it("answers 401 without credentials or with an invalid key, and writes nothing", async () => {
    const org = await registerOrg();
    const hook = await createWebhook(org);
    const body = { name: "x", url: "https://example.com/", events: ["user.joined"] };
    for (const key of [undefined, `pk_live_${"x".repeat(32)}`]) {
      expectEnvelope(await read(api({ key }).webhooks.$get()), 401, "unauthorized");
      expectEnvelope(await call("POST", "/webhooks", { key, body }), 401, "unauthorized");
      expectEnvelope(await call("PATCH", `/webhooks/${hook.id}`, { key, body: { active: false } }), 401, "unauthorized");
      expectEnvelope(await read(api({ key }).webhooks[":id"].$delete({ param: { id: hook.id } })), 401, "unauthorized");
      expectEnvelope(await read(api({ key }).webhooks[":id"].deliveries.$get({ param: { id: hook.id } })), 401, "unauthorized");
    }
    expect(expectEnvelope(await call("GET", "/webhooks", { key: `pk_live_${"x".repeat(32)}` }), 401).message).toBe(
      "Invalid or expired API key",
    );
    expect(await count(org.orgId)).toBe(1);
    expect((await storedWebhook(hook.id)).active).toBe(true);
  });

  it("answers 403 to a key without admin, even one with every other permission, and writes nothing", async () => {
    const org = await registerOrg();
    const hook = await createWebhook(org);
    for (const perms of [
      ["logs:read"],
      ["logs:read", "logs:write", "alerts:read", "alerts:write", "users:read"],
    ] satisfies Permission[][]) {
      const key = await keyWith(org, perms);
      expectEnvelope(await read(api({ key }).webhooks.$get()), 403, "forbidden");
      expectEnvelope(
        await call("POST", "/webhooks", { key, body: { name: "x", url: "https://example.com/", events: ["user.joined"] } }),
        403,
        "forbidden",
      );
      expectEnvelope(await call("PATCH", `/webhooks/${hook.id}`, { key, body: { active: false } }), 403, "forbidden");
      expectEnvelope(await read(api({ key }).webhooks[":id"].$delete({ param: { id: hook.id } })), 403, "forbidden");
      expectEnvelope(await read(api({ key }).webhooks[":id"].deliveries.$get({ param: { id: hook.id } })), 403, "forbidden");
    }
    expect(await count(org.orgId)).toBe(1);
    expect((await storedWebhook(hook.id)).active).toBe(true);
  });

  it("works with the session cookie and ?apiKey as well as Bearer", async () => {
    const org = await registerOrg();
    const hook = await createWebhook(org);
    expect((await read(api({ cookie: org.cookie }).webhooks.$get())).body.map((w) => w.id)).toEqual([hook.id]);
    expect((await call("GET", `/webhooks?apiKey=${org.apiKey}`)).body.map((w: any) => w.id)).toEqual([hook.id]);
  });
});

describe("webhooks: tenancy", () => {
  it("answers 404 to another organization's key for PATCH, DELETE and deliveries, leaving the row unchanged", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    const hook = await createWebhook(a);
    const delivery = await insertDelivery(a, hook.id, new Date());
    const before = await storedWebhook(hook.id);
    expectEnvelope(
      await read(
        api(b).webhooks[":id"].$patch({ param: { id: hook.id }, json: { active: false, name: "pwned", url: "https://evil.example.com/" } }),
      ),
      404,
      "not_found",
    );
    expectEnvelope(await read(api(b).webhooks[":id"].$delete({ param: { id: hook.id } })), 404, "not_found");
    const deliveries = expectEnvelope(await read(api(b).webhooks[":id"].deliveries.$get({ param: { id: hook.id } })), 404, "not_found");
    expect(JSON.stringify(deliveries)).not.toContain(delivery.id);
    expect(await storedWebhook(hook.id)).toEqual(before);
    expect((await read(api(a).webhooks[":id"].deliveries.$get({ param: { id: hook.id } }))).body).toHaveLength(1);
    expect((await read(api(b).webhooks.$get())).body).toEqual([]);
  });
});

describe("POST /api/webhooks/:id/test", () => {
  it("queues a sample of the first subscribed event (202 + message id); its delivery shows in the history", async () => {
    const org = await registerOrg();
    const r = receiver();
    const { queue, sent } = recordingQueue();
    const bindings = testEnv({ DELIVERY_QUEUE: queue });
    const hook = (
      await callWith(bindings, "POST", "/webhooks", {
        key: org.apiKey,
        body: { name: "t", url: r.url("ok"), events: ["flag.detected", "user.joined"] },
      })
    ).body;
    const res = await callWith(bindings, "POST", `/webhooks/${hook.id}/test`, { key: org.apiKey });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ messageId: expect.stringMatching(/^msg_/), event: "flag.detected" });
    expect(sent).toEqual([
      expect.objectContaining({ kind: "webhook", webhookId: hook.id, messageId: res.body.messageId, event: "flag.detected", test: true }),
    ]);

    await runQueue(bindings, sent);
    const [req] = await r.requests("ok");
    const payload = new Webhook(hook.secret).verify(req.body, req.headers) as any;
    expect(payload).toMatchObject({
      id: res.body.messageId,
      type: "flag.detected",
      data: { test: true, flag_type: "prompt_injection", severity: "critical" },
    });
    expect(Object.keys(payload.data)).toEqual(expect.arrayContaining(["prompt_id", "flag_type", "severity", "timestamp"]));
    const history = await callWith(bindings, "GET", `/webhooks/${hook.id}/deliveries`, { key: org.apiKey });
    expect(history.body).toEqual([
      expect.objectContaining({ messageId: res.body.messageId, event: "flag.detected", success: true, statusCode: 200, attempt: 1 }),
    ]);
  });

  it("tests a switched-off webhook too (to check it before switching it back on)", async () => {
    const org = await registerOrg();
    const r = receiver();
    const { queue, sent } = recordingQueue();
    const bindings = testEnv({ DELIVERY_QUEUE: queue });
    const hook = (
      await callWith(bindings, "POST", "/webhooks", { key: org.apiKey, body: { name: "t", url: r.url("ok"), events: ["user.joined"] } })
    ).body;
    await callWith(bindings, "PATCH", `/webhooks/${hook.id}`, { key: org.apiKey, body: { active: false } });
    expect((await callWith(bindings, "POST", `/webhooks/${hook.id}/test`, { key: org.apiKey })).status).toBe(202);
    await runQueue(bindings, sent);
    const [req] = await r.requests("ok");
    expect(JSON.parse(req.body)).toMatchObject({ type: "user.joined", data: { test: true, name: "Test User" } });
  });

  it("answers 404 for another organization's webhook or an unknown id, and queues nothing", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    const hook = await createWebhook(a);
    const { queue, sent } = recordingQueue();
    const bindings = testEnv({ DELIVERY_QUEUE: queue });
    const res = await callWith(bindings, "POST", `/webhooks/${hook.id}/test`, { key: b.apiKey });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    expect((await callWith(bindings, "POST", "/webhooks/01NOPE/test", { key: a.apiKey })).status).toBe(404);
    expect(sent).toEqual([]);
  });

  it("answers 503 with Retry-After when the queue is unavailable", async () => {
    const org = await registerOrg();
    const hook = await createWebhook(org);
    const res = await callWith(testEnv({ DELIVERY_QUEUE: recordingQueue(true).queue }), "POST", `/webhooks/${hook.id}/test`, {
      key: org.apiKey,
    });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe("queue_unavailable");
    expect(res.headers.get("retry-after")).toBe("30");
  });

  it("answers 401 without credentials and 403 without admin", async () => {
    const org = await registerOrg();
    const hook = await createWebhook(org);
    expectEnvelope(await read(api().webhooks[":id"].test.$post({ param: { id: hook.id } })), 401, "unauthorized");
    expectEnvelope(await call("POST", `/webhooks/${hook.id}/test`, { key: `pk_live_${"x".repeat(32)}` }), 401, "unauthorized");
    const key = await keyWith(org, ["logs:read", "logs:write", "alerts:read", "alerts:write", "users:read"]);
    expectEnvelope(await read(api({ key }).webhooks[":id"].test.$post({ param: { id: hook.id } })), 403, "forbidden");
  });
});
