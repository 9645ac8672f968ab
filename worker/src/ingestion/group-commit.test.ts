// Group commit (docs/scaling.md#group-commit-of-ingestion): concurrent ingestion requests of an organization are written together by
// its committer, each answered only once its logs are in D1, each judged alone (key, replay, quota,
// its own write), against the real local D1.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { dailyUsage } from "@promptsentry/schema/tables/usage";
import { committer, countCommitter, feedTo, messagesOf, roomOnceHolding, roomPosts } from "../../test/committer-helpers";
import { receiver } from "../../test/delivery-helpers";
import { DATA_SHARDS } from "@promptsentry/schema/shards";
import { call, dataD1, dataDb, expectEnvelope, keyWith, orgShard, registerOrg, type TestOrg, logCount } from "../../test/helpers";
import { hashApiKey } from "../auth/keys";
import type { CommitJob } from "./jobs";

const log = (i: number, extra: Record<string, unknown> = {}) => ({
  model: "gpt-4o",
  prompt: `Group commit probe number ${i}: what is the capital of France?`,
  response: "Paris.",
  ...extra,
});

const post = (key: string, body: unknown, headers: Record<string, string> = {}) => call("POST", "/logs", { key, body, headers });

async function keyIdOf(key: string) {
  const row = await env.DB.prepare("SELECT id FROM api_keys WHERE key_hash = ?")
    .bind(await hashApiKey(key))
    .first<{ id: string }>();
  return row!.id;
}

/** The organization with the data shard its row names (where its committer writes). */
const withShard = async (org: TestOrg) => ({ ...org, shard: await orgShard(org.orgId) });

/** A job as the worker hands it to the committer, for calls that skip the HTTP layer (what validation would refuse). */
const job = (org: TestOrg & { shard: number }, inputs: unknown[], opts: Partial<CommitJob["opts"]> = {}): CommitJob => ({
  orgId: org.orgId,
  db: DATA_SHARDS[org.shard],
  inputs: inputs as CommitJob["inputs"],
  opts: { apiKeyId: null, ...opts },
  check: null,
});

describe("group commit", () => {
  it("20 concurrent POSTs are written in far fewer D1 batches than 20, each answered 201 and searchable at once", async () => {
    const org = await registerOrg();
    expect((await post(org.apiKey, log(-1))).status).toBe(201); // the key is cached, the fingerprint key made
    const counter = await countCommitter(org.orgId);
    const flushesBefore = (await committer(org.orgId).stats()).flushes;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(org.apiKey, log(i))));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const flushes = (await committer(org.orgId).stats()).flushes - flushesBefore;
    console.log("20 concurrent POSTs:", JSON.stringify({ flushes, roundTrips: counter.roundTrips(), writes: counter.writes() }));
    expect(counter.writes()).toBe(flushes);
    expect(flushes).toBeLessThanOrEqual(5);
    // One round trip a flush, the write: the committer keeps the organization's context and usage
    // since the warm-up, and the key all of them were let in with is read once, by the first flush,
    // then kept (tenancy/context-cache.ts).
    expect(counter.roundTrips()).toBe(flushes + 1);
    expect(counter.controlBatches).toHaveLength(1);
    expect(counter.controlBatches[0]).toEqual([expect.stringContaining('from "api_keys"')]);
    expect(await logCount(org.orgId)).toBe(21);
    // Acknowledged = stored: every answered id is found by search right away.
    const found = await call("GET", "/logs?search=Group%20commit%20probe&limit=100", { key: org.apiKey });
    expect(found.status).toBe(200);
    const ids = new Set(found.body.map((l: { id: string }) => l.id));
    for (const a of answers) expect(ids.has(a.body.id)).toBe(true);
  });

  it("a key revoked elsewhere is refused mid-stream while the other requests of its flush are stored", async () => {
    const org = await registerOrg();
    const other = await keyWith(org, ["logs:write"]);
    // Both keys are now in this isolate's credential cache.
    expect((await post(org.apiKey, log(0))).status).toBe(201);
    expect((await post(other, log(1))).status).toBe(201);
    // Deleted straight in D1: this isolate still remembers the key, and the committer has not checked
    // it yet (the isolate read it), so the flush reads its row.
    await env.DB.prepare("DELETE FROM api_keys WHERE id = ?")
      .bind(await keyIdOf(other))
      .run();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post(i % 2 ? other : org.apiKey, log(100 + i))));
    for (const [i, a] of answers.entries()) {
      if (i % 2) expectEnvelope(a, 401, "unauthorized");
      else expect(a.status).toBe(201);
    }
    expect(await logCount(org.orgId)).toBe(2 + 6);
  });

  it("over quota: exactly what fits is stored, each request that would pass it gets its own 429", async () => {
    const org = await registerOrg(); // trial: 1,000 prompts
    const day = new Date().toISOString().slice(0, 10);
    await (await dataDb(org.orgId)).insert(dailyUsage).values({ orgId: org.orgId, day, model: "gpt-4", total: 996 });
    const answers = await Promise.all([
      post(org.apiKey, log(0)),
      post(org.apiKey, log(1)),
      call("POST", "/logs/batch", { key: org.apiKey, body: { logs: [log(2), log(3), log(4)] } }),
      post(org.apiKey, log(5)),
      post(org.apiKey, log(6)),
      post(org.apiKey, log(7)),
    ]);
    const stored = answers.filter((a) => a.status === 201);
    for (const a of answers.filter((a) => a.status !== 201)) expectEnvelope(a, 429, "quota_exceeded");
    for (const a of answers.filter((a) => a.status === 429)) expect(Number(a.headers.get("retry-after"))).toBeGreaterThan(0);
    const storedLogs = stored.reduce((n, a) => n + (a.body.ids?.length ?? 1), 0);
    expect(storedLogs).toBeLessThanOrEqual(4);
    expect(await logCount(org.orgId)).toBe(storedLogs);
    // The singles alone would have filled the 4 left: a request is refused only when it does not fit.
    expect(storedLogs).toBeGreaterThanOrEqual(3);
  });

  it("concurrent duplicates of an Idempotency-Key store one row and all answer it", async () => {
    const org = await registerOrg();
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(org.apiKey, log(1), { "idempotency-key": "dup-1" })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get("idempotent-replayed") !== "true")).toHaveLength(1);
    const batches = await Promise.all(
      Array.from({ length: 4 }, () =>
        call("POST", "/logs/batch", { key: org.apiKey, body: { logs: [log(2), log(3)] }, headers: { "idempotency-key": "dup-b" } }),
      ),
    );
    expect(batches.map((b) => b.status)).toEqual(Array(4).fill(201));
    expect(new Set(batches.map((b) => JSON.stringify(b.body.ids))).size).toBe(1);
    expect(await logCount(org.orgId)).toBe(3);
  });

  it("one job whose write fails does not fail its flush; a batch in a group stays all-or-none; only stored logs reach the room", async () => {
    const org = await withShard(await registerOrg());
    const stub = committer(org.orgId);
    const room = receiver();
    await feedTo(org.orgId, room.origin);
    await stub.commit(job(org, [log(-1)])); // fingerprint key made
    const counter = await countCommitter(org.orgId);
    const bad = { ...log(99), model: null }; // passes detection, refused by the NOT NULL column
    const results = await Promise.all([
      stub.commit(job(org, [log(0)])),
      stub.commit(job(org, [log(1)])),
      stub.commit(job(org, [log(2), bad, log(3)], { idempotencyKey: "atomic", idempotencyKind: "batch" })),
      stub.commit(job(org, [log(4)])),
      stub.commit(job(org, [bad])),
      stub.commit(job(org, [log(5), log(6)], { idempotencyKey: "fine", idempotencyKind: "batch" })),
    ]);
    expect(results.map((r) => (r.stored ? "stored" : r.error?.status))).toEqual(["stored", "stored", 500, "stored", 500, "stored"]);
    expect(await logCount(org.orgId)).toBe(1 + 5);
    // The batch with the bad item stored none of its items.
    const atomic = await (await dataD1(org.orgId))
      .prepare("SELECT count(*) AS n FROM prompt_logs WHERE org_id = ? AND idempotency_key LIKE 'batch:6:atomic:%'")
      .bind(org.orgId)
      .first<{ n: number }>();
    expect(atomic?.n).toBe(0);
    // The failed group write, then each of its jobs alone.
    expect(counter.writes()).toBeGreaterThan(2);
    // The live feed got the stored logs once each, nothing of the failed jobs.
    const storedIds = results.flatMap((r) => r.stored?.rows.map((row) => row.id) ?? []);
    expect(storedIds).toHaveLength(5);
    const fed = messagesOf(await roomOnceHolding(room.origin, org.orgId, storedIds)).map((m) => m.log.id);
    expect(fed.slice(1).sort()).toEqual(storedIds.sort()); // the first is log(-1)'s
  });
});

describe("group commit tenancy", () => {
  it("two organizations with the same Idempotency-Key at once each store and answer their own row", async () => {
    const [a, b] = [await registerOrg(), await registerOrg()];
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post(i % 2 ? b.apiKey : a.apiKey, log(i % 2), { "idempotency-key": "shared" })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(201));
    const idsA = new Set(answers.filter((_, i) => i % 2 === 0).map((r) => r.body.id));
    const idsB = new Set(answers.filter((_, i) => i % 2 === 1).map((r) => r.body.id));
    expect(idsA.size).toBe(1);
    expect(idsB.size).toBe(1);
    expect([...idsA][0]).not.toBe([...idsB][0]);
    expect(await logCount(a.orgId)).toBe(1);
    expect(await logCount(b.orgId)).toBe(1);
  });

  it("organization B's job can never write into or replay from organization A's group, even sent to A's committer", async () => {
    const [a, b] = [await withShard(await registerOrg()), await withShard(await registerOrg())];
    const stubA = committer(a.orgId);
    const room = receiver();
    await feedTo(a.orgId, room.origin);
    const first = await stubA.commit(job(a, [log(1)], { idempotencyKey: "k" }));
    const [againA, intruder] = await Promise.all([
      stubA.commit(job(a, [log(2)], { idempotencyKey: "k" })),
      stubA.commit(job(b, [log(3)], { idempotencyKey: "k" })),
    ]);
    expect(againA.stored?.replayed).toBe(true);
    expect(againA.stored?.rows[0].id).toBe(first.stored?.rows[0].id);
    // B's job is judged in a group of its own organization: its own row, in B, not A's replay.
    expect(intruder.stored?.replayed).toBe(false);
    expect(intruder.stored?.rows[0].orgId).toBe(b.orgId);
    expect(intruder.stored?.rows[0].id).not.toBe(first.stored?.rows[0].id);
    expect(await logCount(a.orgId)).toBe(1);
    expect(await logCount(b.orgId)).toBe(1);
    // A's committer told B's room of B's log, and A's room only of A's (the replay not again).
    const intruderId = intruder.stored!.rows[0].id;
    const toB = messagesOf(await roomOnceHolding(room.origin, b.orgId, [intruderId])).map((m) => m.log.id);
    expect(toB).toEqual([intruderId]);
    expect(messagesOf(await roomPosts(room.origin, a.orgId)).map((m) => m.log.id)).toEqual([first.stored!.rows[0].id]);
    // The route names the committer by the credential's organization, never by the body.
    const res = await post(b.apiKey, { ...log(4), orgId: a.orgId, org_id: a.orgId });
    expect(res.status).toBe(201);
    expect(await logCount(a.orgId)).toBe(1);
    expect(await logCount(b.orgId)).toBe(2);
  });
});
