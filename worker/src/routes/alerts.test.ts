import { ALERTS_ACK_BATCH } from "@promptsentry/schema/constants/alerts";
import type { Permission } from "@promptsentry/schema/constants/access";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { alerts } from "@promptsentry/schema/tables/alerts";
import { api, call, dataDb, expectEnvelope, keyWith, read, registerOrg, shardDbs } from "../../test/helpers";

const MINUTE = 60_000;
let alertSeq = 0;

/** Stores alerts directly; each gets its own grouping window so the unique group index never collides. */
async function insertAlerts(orgId: string, rows: Partial<typeof alerts.$inferInsert>[]) {
  const now = Date.now();
  const values = rows.map((r, i) => ({
    id: r.id ?? `alt${now.toString(36)}${(++alertSeq).toString().padStart(5, "0")}`,
    orgId,
    type: "red_flag",
    severity: "high",
    message: `Alert ${alertSeq}`,
    reason: "prompt_injection",
    windowStart: alertSeq,
    createdAt: new Date(now - i * MINUTE),
    ...r,
  }));
  // At most 100 bound parameters per statement (D1): a few rows at a time.
  for (let i = 0; i < values.length; i += 5) await (await dataDb(orgId)).insert(alerts).values(values.slice(i, i + 5));
  return values;
}

/** The alert wherever it is stored (each organization's alerts are in its shard). */
const stored = async (id: string) =>
  (await Promise.all(shardDbs().map((db) => db.select().from(alerts).where(eq(alerts.id, id))))).flat()[0];

describe("GET /api/alerts", () => {
  it("answers the organization's alerts newest first in the alert shape", async () => {
    const org = await registerOrg();
    const [newest, older] = await insertAlerts(org.orgId, [
      { message: "Critical prompt injection detected", severity: "high", logId: "log123" },
      { message: "Unusual token usage", severity: "medium", type: "anomaly", reason: "" },
    ]);
    const res = await read(api(org).alerts.$get({ query: {} }));
    expect(res.status).toBe(200);
    expect(res.body.map((a) => a.id)).toEqual([newest.id, older.id]);
    expect(res.body[0]).toEqual({
      id: newest.id,
      type: "red_flag",
      severity: "high",
      message: "Critical prompt injection detected",
      reason: "prompt_injection",
      count: 1,
      logId: "log123",
      createdAt: newest.createdAt.toISOString(),
      lastSeenAt: null,
      acknowledged: false,
      acknowledgedAt: null,
    });
    expect(res.body[1]).toMatchObject({ type: "anomaly", severity: "medium", reason: null, acknowledged: false });
  });

  it("filters by acknowledged=false|true", async () => {
    const org = await registerOrg();
    const [a, b, c] = await insertAlerts(org.orgId, [{}, { acknowledged: true, acknowledgedAt: new Date() }, {}]);
    const open = await read(api(org).alerts.$get({ query: { acknowledged: "false" } }));
    expect(open.body.map((x) => x.id)).toEqual([a.id, c.id]);
    const done = await read(api(org).alerts.$get({ query: { acknowledged: "true" } }));
    expect(done.body.map((x) => x.id)).toEqual([b.id]);
    expect(done.body[0].acknowledged).toBe(true);
    expect((await read(api(org).alerts.$get({ query: {} }))).body).toHaveLength(3);
  });

  it("limits the list (default 50, max 200)", async () => {
    const org = await registerOrg();
    await insertAlerts(
      org.orgId,
      Array.from({ length: 55 }, () => ({})),
    );
    expect((await read(api(org).alerts.$get({ query: {} }))).body).toHaveLength(50);
    expect((await read(api(org).alerts.$get({ query: { limit: "5", acknowledged: "false" } }))).body).toHaveLength(5);
    expect((await read(api(org).alerts.$get({ query: { limit: "200" } }))).body).toHaveLength(55);
    expect(expectEnvelope(await read(api(org).alerts.$get({ query: { limit: "201" } })), 400).issues?.limit).toEqual([
      "Must be a whole number between 1 and 200",
    ]);
  });

  it("pages with the before cursor and counts every matching alert in X-Total-Count", async () => {
    const org = await registerOrg();
    // Two alerts share a createdAt: the id breaks the tie, so none is skipped or repeated.
    const rows = await insertAlerts(
      org.orgId,
      Array.from({ length: 7 }, (_, i) => (i === 3 ? { createdAt: new Date(Date.now() - 2 * MINUTE) } : {})),
    );
    await insertAlerts(org.orgId, [{ acknowledged: true, acknowledgedAt: new Date() }]);
    const seen: string[] = [];
    let before: string | undefined;
    for (;;) {
      const res = await read(api(org).alerts.$get({ query: { acknowledged: "false", limit: "3", before } }));
      expect(res.status).toBe(200);
      expect(res.headers.get("x-total-count")).toBe("7");
      seen.push(...res.body.map((a) => a.id));
      if (res.body.length < 3) break;
      before = res.body[res.body.length - 1].id;
    }
    const expected = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((a) => a.id);
    expect(seen).toEqual(expected);
    expect((await read(api(org).alerts.$get({ query: {} }))).headers.get("x-total-count")).toBe("8");
    expect((await read(api(org).alerts.$get({ query: { acknowledged: "true" } }))).headers.get("x-total-count")).toBe("1");
  });

  it("answers an empty page for another organization's cursor, and 400 for a malformed one", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    const [foreign] = await insertAlerts(a.orgId, [{}]);
    await insertAlerts(b.orgId, [{}, {}]);
    const res = await read(api(b).alerts.$get({ query: { before: foreign.id } }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers.get("x-total-count")).toBe("2");
    const error = expectEnvelope(await read(api(b).alerts.$get({ query: { before: "x".repeat(65) } })), 400, "validation_failed");
    expect(error.issues?.before).toEqual(["before must be an id"]);
  });

  it("rejects acknowledged=maybe with 400", async () => {
    const org = await registerOrg();
    const error = expectEnvelope(await call("GET", "/alerts?acknowledged=maybe", { key: org.apiKey }), 400, "validation_failed");
    expect(error.issues?.acknowledged).toEqual(["acknowledged must be true or false"]);
    expect(error.message).toBe("acknowledged must be true or false");
  });

  it("never shows another organization's alerts", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    await insertAlerts(a.orgId, [{ message: "A's alert" }]);
    const [mine] = await insertAlerts(b.orgId, [{ message: "B's alert" }]);
    expect((await read(api(b).alerts.$get({ query: {} }))).body.map((x) => x.id)).toEqual([mine.id]);
    expect((await read(api(b).alerts.$get({ query: { acknowledged: "false" } }))).body.map((x) => x.id)).toEqual([mine.id]);
  });

  it("answers 401 without or with bad credentials, 403 without alerts:read", async () => {
    const org = await registerOrg();
    expectEnvelope(await read(api().alerts.$get({ query: {} })), 401, "unauthorized");
    expectEnvelope(await call("GET", "/alerts", { key: `pk_live_${"y".repeat(32)}` }), 401, "unauthorized");
    const logsOnly = await keyWith(org, ["logs:read"]);
    expectEnvelope(await read(api({ key: logsOnly }).alerts.$get({ query: {} })), 403, "forbidden");
    const reader = await keyWith(org, ["alerts:read"]);
    expect((await read(api({ key: reader }).alerts.$get({ query: {} }))).status).toBe(200);
    expect((await call("GET", `/alerts?apiKey=${org.apiKey}&acknowledged=false`)).status).toBe(200);
  });
});

describe("PATCH /api/alerts/:id/acknowledge", () => {
  it("acknowledges an alert, recording when, and is idempotent", async () => {
    const org = await registerOrg();
    const [alert, other] = await insertAlerts(org.orgId, [{}, {}]);
    const t0 = Date.now();
    const res = await read(api(org).alerts[":id"].acknowledge.$patch({ param: { id: alert.id } }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: alert.id, acknowledged: true });
    const ackAt = Date.parse(res.body.acknowledgedAt ?? "");
    expect(ackAt).toBeGreaterThanOrEqual(t0 - 1000);
    expect(ackAt).toBeLessThanOrEqual(Date.now() + 1000);
    const row = await stored(alert.id);
    expect(row.acknowledged).toBe(true);
    expect(row.acknowledgedAt?.toISOString()).toBe(res.body.acknowledgedAt);
    expect(row.acknowledgedBy).toBeTruthy();

    await new Promise((r) => setTimeout(r, 20));
    const again = await read(api(org).alerts[":id"].acknowledge.$patch({ param: { id: alert.id } }));
    expect(again.status).toBe(200);
    expect(again.body.acknowledged).toBe(true);
    expect(again.body.acknowledgedAt).toBe(res.body.acknowledgedAt);
    expect((await stored(alert.id)).acknowledgedAt?.toISOString()).toBe(res.body.acknowledgedAt);

    // The list reflects it; the other alert is untouched.
    expect((await read(api(org).alerts.$get({ query: { acknowledged: "false" } }))).body.map((x) => x.id)).toEqual([other.id]);
    expect((await read(api(org).alerts.$get({ query: { acknowledged: "true" } }))).body).toEqual([res.body]);
    expect((await stored(other.id)).acknowledged).toBe(false);
  });

  it("works with ?apiKey and no body, as the dashboard calls it", async () => {
    const org = await registerOrg();
    const [alert] = await insertAlerts(org.orgId, [{}]);
    const res = await call("PATCH", `/alerts/${alert.id}/acknowledge?apiKey=${org.apiKey}`);
    expect(res.status).toBe(200);
    expect(res.body.acknowledged).toBe(true);
  });

  it("accepts a key with alerts:write and refuses one with only logs:read or alerts:read (403)", async () => {
    const org = await registerOrg();
    const [alert] = await insertAlerts(org.orgId, [{}]);
    for (const perms of [["logs:read"], ["alerts:read"], ["logs:read", "logs:write", "users:read"]] satisfies Permission[][]) {
      const key = await keyWith(org, perms);
      expectEnvelope(await read(api({ key }).alerts[":id"].acknowledge.$patch({ param: { id: alert.id } })), 403, "forbidden");
    }
    expect((await stored(alert.id)).acknowledged).toBe(false);
    const writer = await keyWith(org, ["alerts:write"]);
    expect((await read(api({ key: writer }).alerts[":id"].acknowledge.$patch({ param: { id: alert.id } }))).status).toBe(200);
  });

  it("answers 401 without credentials and leaves the alert alone", async () => {
    const org = await registerOrg();
    const [alert] = await insertAlerts(org.orgId, [{}]);
    expectEnvelope(await read(api().alerts[":id"].acknowledge.$patch({ param: { id: alert.id } })), 401, "unauthorized");
    expectEnvelope(await call("PATCH", `/alerts/${alert.id}/acknowledge`, { key: "pk_live_bad" }), 401, "unauthorized");
    expect((await stored(alert.id)).acknowledged).toBe(false);
  });

  it("answers 404 for an unknown id and for another organization's alert, which stays unacknowledged", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    const [aAlert] = await insertAlerts(a.orgId, [{}]);
    const missing = expectEnvelope(
      await read(api(b).alerts[":id"].acknowledge.$patch({ param: { id: "no-such-alert" } })),
      404,
      "not_found",
    );
    const foreign = expectEnvelope(await read(api(b).alerts[":id"].acknowledge.$patch({ param: { id: aAlert.id } })), 404, "not_found");
    expect(foreign.message).toBe(missing.message);
    const row = await stored(aAlert.id);
    expect(row.acknowledged).toBe(false);
    expect(row.acknowledgedAt).toBeNull();
    expect((await read(api(a).alerts.$get({ query: { acknowledged: "false" } }))).body.map((x) => x.id)).toEqual([aAlert.id]);
  });
});

describe("POST /api/alerts/acknowledge", () => {
  it("acknowledges the named open alerts in one call and answers them; already acknowledged ones are left as they were", async () => {
    const org = await registerOrg();
    const [a, b, c, done] = await insertAlerts(org.orgId, [{}, {}, {}, { acknowledged: true, acknowledgedAt: new Date(0) }]);
    const res = await call("POST", "/alerts/acknowledge", { key: org.apiKey, body: { ids: [a.id, b.id, done.id, a.id] } });
    expect(res.status).toBe(200);
    expect(res.body.map((x: { id: string }) => x.id).sort()).toEqual([a.id, b.id].sort());
    for (const x of res.body) expect(x).toMatchObject({ acknowledged: true });
    expect((await stored(a.id)).acknowledged).toBe(true);
    expect((await stored(b.id)).acknowledgedBy).toBeTruthy();
    expect((await stored(c.id)).acknowledged).toBe(false);
    expect((await stored(done.id)).acknowledgedAt?.getTime()).toBe(0);
    // Idempotent: nothing is left to acknowledge.
    const again = await call("POST", "/alerts/acknowledge", { key: org.apiKey, body: { ids: [a.id, b.id] } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual([]);
    expect((await read(api(org).alerts.$get({ query: { acknowledged: "false" } }))).body.map((x) => x.id)).toEqual([c.id]);
  });

  it("skips unknown ids and another organization's alerts alike, leaving those open", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    const [foreign] = await insertAlerts(a.orgId, [{}]);
    const [mine] = await insertAlerts(b.orgId, [{}]);
    const res = await call("POST", "/alerts/acknowledge", { key: b.apiKey, body: { ids: [foreign.id, "no-such-alert", mine.id] } });
    expect(res.status).toBe(200);
    expect(res.body.map((x: { id: string }) => x.id)).toEqual([mine.id]);
    expect(res.text).not.toContain(foreign.id);
    expect((await stored(foreign.id)).acknowledged).toBe(false);
  });

  it("accepts the most one call may name and refuses bad bodies with the error envelope, writing nothing", async () => {
    const org = await registerOrg();
    const rows = await insertAlerts(
      org.orgId,
      Array.from({ length: ALERTS_ACK_BATCH + 1 }, () => ({})),
    );
    const ids = rows.map((r) => r.id);
    const bad: [unknown, string][] = [
      [{}, "ids"],
      [{ ids: [] }, "ids"],
      [{ ids: "x" }, "ids"],
      [{ ids: [1, 2] }, "ids"],
      [{ ids: [""] }, "ids"],
      [{ ids: ["x".repeat(65)] }, "ids"],
      [{ ids }, "ids"],
      [null, ""],
      ["[", ""],
    ];
    for (const [body, field] of bad) {
      const res =
        typeof body === "string"
          ? await call("POST", "/alerts/acknowledge", { key: org.apiKey, rawBody: body, headers: { "content-type": "application/json" } })
          : await call("POST", "/alerts/acknowledge", { key: org.apiKey, body });
      const error = expectEnvelope(res, 400);
      // Issues are keyed by the path of the bad value (`ids` or `ids.0`).
      if (field)
        expect(
          Object.keys(error.issues ?? {}).some((k) => k.startsWith(field)),
          JSON.stringify(body),
        ).toBe(true);
    }
    expect(expectEnvelope(await call("POST", "/alerts/acknowledge", { key: org.apiKey, body: { ids } }), 400).issues?.ids).toEqual([
      `At most ${ALERTS_ACK_BATCH} alerts at a time`,
    ]);
    for (const id of ids) expect((await stored(id)).acknowledged).toBe(false);
    const res = await call("POST", "/alerts/acknowledge", { key: org.apiKey, body: { ids: ids.slice(0, ALERTS_ACK_BATCH) } });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(ALERTS_ACK_BATCH);
  });

  it("answers 401 without credentials and 403 without alerts:write, acknowledging nothing", async () => {
    const org = await registerOrg();
    const [alert] = await insertAlerts(org.orgId, [{}]);
    expectEnvelope(await call("POST", "/alerts/acknowledge", { body: { ids: [alert.id] } }), 401, "unauthorized");
    const reader = await keyWith(org, ["alerts:read"]);
    expectEnvelope(await call("POST", "/alerts/acknowledge", { key: reader, body: { ids: [alert.id] } }), 403, "forbidden");
    expect((await stored(alert.id)).acknowledged).toBe(false);
    const writer = await keyWith(org, ["alerts:write"]);
    expect((await call("POST", "/alerts/acknowledge", { key: writer, body: { ids: [alert.id] } })).status).toBe(200);
  });
});
