// The organization context a committer keeps between flushes (tenancy/context-cache.ts): used
// while fresh (a warm flush reads nothing), forgotten when settings, webhooks, integrations or keys
// change (the next log sees the change), never served to another organization. Kept usage and key
// rows against chosen times: ingestion/kept-context.test.ts.
import { describe, expect, it } from "vitest";
import { DATA_SHARDS } from "@promptsentry/schema/shards";
import type { OrgSettings, Organization } from "@promptsentry/schema/tables/organizations";
import { committer, countCommitter } from "../../test/committer-helpers";
import { call, expectEnvelope, orgShard, registerOrg, type TestOrg } from "../../test/helpers";
import { OrgContextCache } from "./context-cache";
import type { CommitJob } from "../ingestion/jobs";
import type { OrgContext } from "../queries/ingestion";

const AWS = () => `AKIA${crypto.getRandomValues(new Uint8Array(16)).reduce((s, b) => s + "ABCDEFGHJKLMNPQRSTUVWXYZ234567"[b % 30], "")}`;
const log = (prompt: string) => ({ prompt, response: "ok", model: "gpt-4" });
const post = (key: string, prompt: string) => call("POST", "/logs", { key, body: log(prompt) });
const contextReads = (sql: string[]) => sql.filter((s) => /from "(organizations|org_settings|webhooks|integrations)"/.test(s));

const job = async (org: TestOrg, prompt: string): Promise<CommitJob> => ({
  orgId: org.orgId,
  db: DATA_SHARDS[await orgShard(org.orgId)],
  inputs: [log(prompt)] as CommitJob["inputs"],
  opts: { apiKeyId: null },
  check: null,
});

describe("the committer's organization context", () => {
  it("is read once, then a flush makes one D1 call, its write; a settings change is seen by the next log", async () => {
    const org = await registerOrg();
    expect((await call("PUT", "/settings", { key: org.apiKey, body: { redaction: "off" } })).status).toBe(200);
    expect((await post(org.apiKey, "warm up")).status).toBe(201);
    const counter = await countCommitter(org.orgId);
    const secret = AWS();
    const before = await post(org.apiKey, `deploy with ${secret}`);
    expect(before.status).toBe(201);
    expect(before.body.prompt).toContain(secret); // redaction is off (the cached settings)
    // Context, usage and the key's row all kept since the warm-up: the flush's one D1 call is its write.
    expect(counter.controlBatches).toEqual([]);
    expect(counter.roundTrips()).toBe(1);
    expect(counter.writes()).toBe(1);

    expect((await call("PUT", "/settings", { key: org.apiKey, body: { redaction: "credentials" } })).status).toBe(200);
    const after = await post(org.apiKey, `deploy with ${secret}`);
    expect(after.status).toBe(201);
    expect(after.body.prompt).not.toContain(secret);
    expect(contextReads(counter.controlBatches.flat()).length).toBeGreaterThan(0); // read again after the change
    expect(counter.controlBatches.flat().filter((s) => s.includes('from "api_keys"'))).toHaveLength(1); // the key with it
  });

  it("a webhook created or deleted is in the next log's subscribers", async () => {
    const org = await registerOrg();
    const stub = committer(org.orgId);
    expect((await stub.commit(await job(org, "warm up"))).stored?.subscribers?.webhooks).toEqual([]);
    const hook = await call("POST", "/webhooks", {
      key: org.apiKey,
      body: { name: "Ops hook", url: "https://hooks.example.com/promptsentry", events: ["flag.detected"] },
    });
    expect(hook.status).toBe(201);
    const next = await stub.commit(await job(org, "after the webhook"));
    expect(next.stored?.subscribers?.webhooks.map((w) => w.id)).toEqual([hook.body.id]);
    expect((await call("DELETE", `/webhooks/${hook.body.id}`, { key: org.apiKey })).status).toBe(204);
    expect((await stub.commit(await job(org, "after the delete"))).stored?.subscribers?.webhooks).toEqual([]);
  });

  it("never serves one organization's context to another's job, even sent to its committer", async () => {
    const [a, b] = [await registerOrg(), await registerOrg()];
    // A keeps credentials as sent, B redacts them (the default).
    expect((await call("PUT", "/settings", { key: a.apiKey, body: { redaction: "off" } })).status).toBe(200);
    const stubA = committer(a.orgId);
    const secret = AWS();
    expect((await stubA.commit(await job(a, `a ${secret}`))).stored?.rows[0].prompt).toContain(secret); // A's context cached
    const intruder = await stubA.commit(await job(b, `b ${secret}`));
    expect(intruder.stored?.rows[0].orgId).toBe(b.orgId);
    expect(intruder.stored?.rows[0].prompt).not.toContain(secret); // B's settings, not A's
    expect((await stubA.commit(await job(a, `a again ${secret}`))).stored?.rows[0].prompt).toContain(secret);
  });

  it("forgets the key rows it kept when a key is deleted: the key is refused at once", async () => {
    const org = await registerOrg();
    const extra = await call("POST", "/api-keys", { key: org.apiKey, body: { name: "short-lived", permissions: ["logs:write"] } });
    expect(extra.status).toBe(201);
    expect((await post(extra.body.keyValue, "one")).status).toBe(201);
    expect((await post(extra.body.keyValue, "two")).status).toBe(201); // key and context both cached now
    expect((await call("DELETE", `/api-keys/${extra.body.id}`, { key: org.apiKey })).status).toBe(204);
    expectEnvelope(await post(extra.body.keyValue, "three"), 401, "unauthorized");
  });
});

describe("OrgContextCache", () => {
  const context = (id: string) =>
    ({ org: { id } as Organization, settings: {} as OrgSettings, subscribers: { webhooks: [], integrations: [] } }) satisfies OrgContext;

  it("answers only the organization it holds, and only within its age", () => {
    const cache = new OrgContextCache(1_000);
    cache.set("a", context("a"), 0, cache.stamp());
    expect(cache.get("a", 999)?.org.id).toBe("a");
    expect(cache.get("b", 10)).toBeNull();
    expect(cache.get("a", 1_000)).toBeNull();
  });

  it("keeps no context read before a forget (a flush in flight while settings changed)", () => {
    const cache = new OrgContextCache(1_000);
    const stamp = cache.stamp();
    cache.forget();
    cache.set("a", context("a"), 0, stamp);
    expect(cache.get("a", 1)).toBeNull();
    cache.set("a", context("a"), 0, cache.stamp());
    expect(cache.get("a", 1)).not.toBeNull();
  });

  it("makes the fingerprinter once per cached context, and again after a forget", async () => {
    const cache = new OrgContextCache(1_000);
    cache.set("a", context("a"), 0, cache.stamp());
    let made = 0;
    const make = async () => {
      made++;
      return null;
    };
    await cache.fingerprinter("a", 1, make);
    await cache.fingerprinter("a", 2, make);
    expect(made).toBe(1);
    await cache.fingerprinter("b", 2, make); // another organization: never the cached one
    expect(made).toBe(2);
    cache.forget();
    await cache.fingerprinter("a", 3, make);
    expect(made).toBe(3);
  });
});
