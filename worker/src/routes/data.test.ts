import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { alerts, anomalyDetections } from "@promptsentry/schema/tables/alerts";
import { webhookDeliveries, webhooks } from "@promptsentry/schema/tables/delivery";
import {
  api,
  call,
  dataD1,
  dataDb,
  expectEnvelope,
  insertLogs,
  keyWith,
  read,
  registerOrg,
  testDb,
  type TestOrg,
} from "../../test/helpers";

const DATA_TABLES = [
  "prompt_logs",
  "log_facts",
  "daily_usage",
  "daily_active_users",
  "hourly_usage",
  "alerts",
  "anomaly_detections",
  "webhook_deliveries",
] as const;
const KEPT_TABLES = ["api_keys", "team_members", "org_settings", "webhooks"] as const;

async function counts(orgId: string, tables: readonly string[] = [...DATA_TABLES, ...KEPT_TABLES]) {
  const out: Record<string, number> = {};
  // Data tables in the organization's shard, the rest in the control database.
  const data = await dataD1(orgId);
  for (const t of tables) {
    out[t] = (await ((DATA_TABLES as readonly string[]).includes(t) ? data : env.DB)
      .prepare(`SELECT count(*) AS n FROM ${t} WHERE org_id = ?`)
      .bind(orgId)
      .first<{ n: number }>())!.n;
  }
  return out;
}

/** Logs (with their aggregates), alerts, an anomaly and a webhook delivery for one organization. */
async function seed(org: TestOrg, word: string) {
  const db = await dataDb(org.orgId);
  const now = Date.now();
  await insertLogs(org.orgId, [
    { prompt: `hello ${word}`, userId: "u1", model: "gpt-4", createdAt: new Date(now - 1_000) },
    {
      prompt: `again ${word}`,
      userId: "u2",
      model: "claude-3",
      flagStatus: "warning",
      flagReasons: ["prompt_injection"],
      createdAt: new Date(now - 2_000),
    },
    {
      prompt: `old ${word}`,
      userId: "u1",
      model: "gpt-4",
      flagStatus: "critical",
      flagReasons: ["jailbreak_attempt"],
      createdAt: new Date(now - 3 * 86_400_000),
    },
  ]);
  await db.insert(alerts).values([
    { id: crypto.randomUUID(), orgId: org.orgId, type: "red_flag", severity: "high", message: "Jailbreak", reason: "jailbreak_attempt" },
    { id: crypto.randomUUID(), orgId: org.orgId, type: "red_flag", severity: "medium", message: "Injection", reason: "prompt_injection" },
  ]);
  await db
    .insert(anomalyDetections)
    .values({ id: crypto.randomUUID(), orgId: org.orgId, metricName: "cost", currentValue: 10, threshold: 5, severity: "high" });
  const webhookId = crypto.randomUUID();
  await testDb()
    .insert(webhooks)
    .values({
      id: webhookId,
      orgId: org.orgId,
      name: "Hook",
      url: "https://example.com/hook",
      events: ["alert.created"],
      secret: "whsec_test",
    });
  await db.insert(webhookDeliveries).values({
    id: crypto.randomUUID(),
    orgId: org.orgId,
    webhookId,
    messageId: "msg_1",
    eventType: "alert.created",
    attempt: 1,
    success: true,
  });
}

const delData = (org: TestOrg, confirm: unknown, key = org.apiKey) => call("DELETE", "/data", { key, body: { confirm } });

describe("DELETE /api/data", () => {
  it("deletes the organization's logs, aggregates, alerts, anomalies and deliveries, and nothing else", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    await seed(a, "alphaword");
    await seed(b, "bravoword");
    const aBefore = await counts(a.orgId);
    const bBefore = await counts(b.orgId);
    for (const t of DATA_TABLES) expect(aBefore[t], t).toBeGreaterThan(0);
    expect((await read(api(a).logs.$get({ query: { search: "alphaword" } }))).body).toHaveLength(3);

    const res = await delData(a, a.name);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });

    const aAfter = await counts(a.orgId);
    for (const t of DATA_TABLES) expect(aAfter[t], t).toBe(0);
    for (const t of KEPT_TABLES) expect(aAfter[t], t).toBe(aBefore[t]);
    expect(await counts(b.orgId)).toEqual(bBefore);

    // Through the API: A is empty (search index included), B untouched, A's key and settings still work.
    expect((await read(api(a).logs.$get({ query: {} }))).body).toEqual([]);
    expect((await read(api(a).logs.$get({ query: { search: "alphaword" } }))).body).toEqual([]);
    expect((await read(api(a).alerts.$get({ query: {} }))).body).toEqual([]);
    expect((await read(api(a).stats.$get({ query: { days: "7" } }))).body).toMatchObject({ totalPrompts: 0, redFlags: 0, activeUsers: 0 });
    expect((await read(api(b).logs.$get({ query: {} }))).body).toHaveLength(3);
    expect((await read(api(b).logs.$get({ query: { search: "bravoword" } }))).body).toHaveLength(3);
    expect((await read(api(b).alerts.$get({ query: {} }))).body).toHaveLength(2);
    expect((await read(api(a).settings.$get())).body.organizationName).toBe(a.name);
  });

  it("accepts the name with surrounding spaces, and succeeds on an organization with no data", async () => {
    const org = await registerOrg();
    expect((await delData(org, ` ${org.name} `)).status).toBe(200);
    await insertLogs(org.orgId, [{ prompt: "again" }]);
    expect((await delData(org, org.name)).status).toBe(200);
    expect(await counts(org.orgId, ["prompt_logs", "daily_usage"])).toEqual({ prompt_logs: 0, daily_usage: 0 });
  });

  it("rejects a wrong confirmation with 400 and issues.confirm, deleting nothing", async () => {
    const org = await registerOrg();
    await seed(org, "keepme");
    const before = await counts(org.orgId);
    for (const confirm of [org.name.toUpperCase(), org.name.slice(0, -1), "delete"]) {
      const error = expectEnvelope(await delData(org, confirm), 400, "validation_failed");
      expect(error.issues).toEqual({ confirm: ["Type the organization name exactly to confirm"] });
    }
    for (const confirm of ["", 42, null]) {
      const error = expectEnvelope(await delData(org, confirm), 400, "validation_failed");
      expect(error.issues).toEqual({ confirm: ["Type the organization name to confirm"] });
    }
    expect(Object.keys(expectEnvelope(await read(api(org).data.$delete({ json: {} })), 400).issues ?? {})).toEqual(["confirm"]);
    expectEnvelope(
      await call("DELETE", "/data", { key: org.apiKey, rawBody: '{"confirm"', headers: { "content-type": "application/json" } }),
      400,
      "bad_request",
    );
    expectEnvelope(await call("DELETE", "/data", { key: org.apiKey }), 400, "invalid_content_type");
    expect(await counts(org.orgId)).toEqual(before);
  });

  it("follows a rename: the old name no longer confirms", async () => {
    const org = await registerOrg();
    await seed(org, "renamed");
    await read(api(org).settings.$put({ json: { organizationName: "Brand New Name" } }));
    expectEnvelope(await delData(org, org.name), 400, "validation_failed");
    expect((await counts(org.orgId, ["prompt_logs"])).prompt_logs).toBe(3);
    expect((await delData(org, "Brand New Name")).status).toBe(200);
    expect((await counts(org.orgId, ["prompt_logs"])).prompt_logs).toBe(0);
  });
});

describe("data auth and tenancy", () => {
  it("answers 401 without credentials or with an invalid key, deleting nothing", async () => {
    const org = await registerOrg();
    await seed(org, "safe");
    const before = await counts(org.orgId);
    expectEnvelope(await call("DELETE", "/data", { body: { confirm: org.name } }), 401, "unauthorized");
    expectEnvelope(await delData(org, org.name, `pk_live_${"q".repeat(32)}`), 401, "unauthorized");
    expect(await counts(org.orgId)).toEqual(before);
  });

  it("answers 403 to a key without admin, deleting nothing", async () => {
    const org = await registerOrg();
    await seed(org, "safe");
    const allButAdmin = await keyWith(org, ["logs:read", "logs:write", "alerts:read", "alerts:write", "users:read"]);
    const engineer = await read(api(org).team.invite.$post({ json: { name: "E", email: "e@example.com", role: "engineer" } }));
    const before = await counts(org.orgId);
    expectEnvelope(await delData(org, org.name, allButAdmin), 403, "forbidden");
    expectEnvelope(await delData(org, org.name, engineer.body.apiKey), 403, "forbidden");
    expect(await counts(org.orgId)).toEqual(before);
  });

  it("never touches another organization, even when its name is typed", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    await seed(a, "victim");
    await seed(b, "attacker");
    const aBefore = await counts(a.orgId);
    const bBefore = await counts(b.orgId);
    const error = expectEnvelope(await delData(b, a.name), 400, "validation_failed");
    expect(error.issues?.confirm).toEqual(["Type the organization name exactly to confirm"]);
    expect(await counts(a.orgId)).toEqual(aBefore);
    expect(await counts(b.orgId)).toEqual(bBefore);
  });
});
