// What a committer keeps between flushes beyond the organization's context (tenancy/context-cache.ts):
// quota usage, counted from what it writes, and the key rows it checked. Flushes run through
// commitGroup with the committer's cache at chosen times, against the real local D1 (wrapped to count
// what is read): a warm flush reads nothing, and the request that passes the quota is refused exactly
// as when every flush read usage, across a day and a month boundary and after a plan change.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { INGEST_CONTEXT_TTL_MS } from "@promptsentry/schema/constants/ingestion";
import { DATA_SHARDS } from "@promptsentry/schema/shards";
import { organizations } from "@promptsentry/schema/tables/organizations";
import { dailyUsage } from "@promptsentry/schema/tables/usage";
import { eq } from "drizzle-orm";
import { countingD1 } from "../../test/d1-counter";
import { dataD1, dataDb, logCount, orgShard, registerOrg, testDb, type TestOrg } from "../../test/helpers";
import { hashApiKey } from "../auth/keys";
import { dayKey } from "../lib/days";
import { createDb } from "../tenancy/db";
import { OrgContextCache } from "../tenancy/context-cache";
import { commitGroup, usageScope } from "./group-commit";
import type { CommitJob, CommitResult } from "./jobs";

const DAY = 86_400_000;
const log = (i: number) => ({ model: "gpt-4o", prompt: `kept context probe ${i}`, response: "ok" });

/** Flushes of one organization through a committer's cache, each at the time it is given, counting D1 calls. */
async function committerOf(org: TestOrg) {
  const cache = new OrgContextCache();
  const control = countingD1(env.DB);
  const data = countingD1(await dataD1(org.orgId));
  const dbs = { db: createDb(control.db), data: createDb(data.db) };
  const shard = DATA_SHARDS[await orgShard(org.orgId)];
  const job = (logs: number, check: CommitJob["check"] = null): CommitJob => ({
    orgId: org.orgId,
    db: shard,
    inputs: Array.from({ length: logs }, (_, i) => log(i)) as CommitJob["inputs"],
    opts: { apiKeyId: null },
    check,
  });
  return {
    cache,
    job,
    /** The flush's results and the D1 calls it made (reads and the write). */
    async flush(at: number, jobs: CommitJob[]) {
      const before = control.roundTrips() + data.roundTrips();
      const writesBefore = data.batches.filter((b) => b.some((s) => s.startsWith('insert into "prompt_logs"'))).length;
      const results = await commitGroup(dbs, org.orgId, jobs, new Date(at), cache);
      const calls = control.roundTrips() + data.roundTrips() - before;
      const writes = data.batches.filter((b) => b.some((s) => s.startsWith('insert into "prompt_logs"'))).length - writesBefore;
      return { results, statuses: results.map(status), reads: calls - writes };
    },
    usage: (at: number) => cache.usage(org.orgId, at, usageScope({}, new Date(at))),
  };
}

const status = (r: CommitResult) => (r.stored ? 201 : (r.error?.status ?? 0));
const setPlan = (orgId: string, plan: "trial" | "professional", trialEndsAt: Date | null) =>
  testDb().update(organizations).set({ plan, trialEndsAt }).where(eq(organizations.id, orgId));
const used = async (orgId: string, at: number, total: number, model = "gpt-4") =>
  (await dataDb(orgId)).insert(dailyUsage).values({ orgId, day: dayKey(at), model, total });

describe("quota usage kept by the committer", () => {
  it("is read once, then counted from what the committer writes: a warm flush reads nothing", async () => {
    const org = await registerOrg();
    const c = await committerOf(org);
    const t = Date.now();
    expect((await c.flush(t, [c.job(1)])).reads).toBeGreaterThanOrEqual(2); // context, usage (and the first log's fingerprint key)
    const warm = await c.flush(t + 1_000, [c.job(1), c.job(3), c.job(1)]);
    expect(warm.statuses).toEqual([201, 201, 201]);
    expect(warm.reads).toBe(0);
    expect(c.usage(t + 1_000)).toEqual({ allTime: 6, thisMonth: 6 });
    // The same count D1's triggers keep.
    const [row] = await (await dataD1(org.orgId))
      .prepare("SELECT sum(total) AS n FROM daily_usage WHERE org_id = ?")
      .bind(org.orgId)
      .all<{ n: number }>()
      .then((r) => r.results);
    expect(row.n).toBe(6);
    // Past the TTL everything is read again.
    expect((await c.flush(t + INGEST_CONTEXT_TTL_MS + 1_000, [c.job(1)])).reads).toBe(2);
  });

  it("near the quota every flush reads usage: the request that passes it is refused, across a day boundary (trial)", async () => {
    const org = await registerOrg(); // trial: 1,000 prompts in all
    const c = await committerOf(org);
    const midnight = Math.ceil(Date.now() / DAY) * DAY;
    await used(org.orgId, midnight - 2_000, 995);
    expect((await c.flush(midnight - 2_000, [c.job(1), c.job(1), c.job(1)])).statuses).toEqual([201, 201, 201]);
    // Behind the committer's back (a writer it does not know of): near the quota, the read finds it.
    await used(org.orgId, midnight - 1_000, 1, "elsewhere");
    const next = await c.flush(midnight + 1_000, [c.job(1), c.job(1), c.job(1)]);
    expect(next.reads).toBe(1); // usage only: the context is kept
    expect(next.statuses).toEqual([201, 429, 429]);
    expect(next.results[1].error?.code).toBe("quota_exceeded");
    expect(await logCount(org.orgId)).toBe(4);
  });

  it("counts a new month from its first day: the 429 of a full month ends at the boundary (Professional)", async () => {
    const org = await registerOrg();
    await setPlan(org.orgId, "professional", null);
    const c = await committerOf(org);
    const now = new Date();
    const monthEnd = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    await used(org.orgId, monthEnd - 2_000, 49_999);
    expect((await c.flush(monthEnd - 2_000, [c.job(1), c.job(1)])).statuses).toEqual([201, 429]);
    expect((await c.flush(monthEnd - 1_000, [c.job(1)])).statuses).toEqual([429]);
    const after = await c.flush(monthEnd + 1_000, [c.job(1)]);
    expect(after.statuses).toEqual([201]);
    expect(after.reads).toBe(1); // the new month's usage, read
    expect(c.usage(monthEnd + 1_000)).toEqual({ allTime: 50_001, thisMonth: 1 });
    expect((await c.flush(monthEnd + 2_000, [c.job(1)])).reads).toBe(0);
  });

  it("after a plan change, the next context read judges with the new plan's quota on a count kept exact", async () => {
    const org = await registerOrg();
    await setPlan(org.orgId, "professional", null);
    const c = await committerOf(org);
    const t = Date.now();
    await used(org.orgId, t - 40 * DAY, 998); // the trial's quota counts every month
    expect((await c.flush(t, [c.job(1)])).statuses).toEqual([201]);
    expect((await c.flush(t + 500, [c.job(1)])).reads).toBe(0);
    await setPlan(org.orgId, "trial", new Date(t + 7 * DAY)); // edited in the database: seen when the context is read again
    expect((await c.flush(t + 1_000, [c.job(1)])).statuses).toEqual([201]);
    c.cache.forget();
    expect((await c.flush(t + 1_500, [c.job(1)])).statuses).toEqual([429]);
    expect(await logCount(org.orgId)).toBe(3);
  });
});

describe("key rows kept by the committer", () => {
  it("are read once and judged at each flush's time: a key refused from its expiry on", async () => {
    const org = await registerOrg();
    const c = await committerOf(org);
    const t = Date.now();
    const keyHash = await hashApiKey(org.apiKey);
    const row = await env.DB.prepare("SELECT id FROM api_keys WHERE key_hash = ?").bind(keyHash).first<{ id: string }>();
    await env.DB.prepare("UPDATE api_keys SET expires_at = ? WHERE id = ?")
      .bind(t + 3_000, row!.id)
      .run();
    const check = { keyId: row!.id, keyHash, via: "bearer" as const, permission: "logs:write" as const };
    expect((await c.flush(t, [c.job(1, check)])).statuses).toEqual([201]);
    const kept = await c.flush(t + 1_000, [c.job(1, check), c.job(1, check)]);
    expect(kept.statuses).toEqual([201, 201]);
    expect(kept.reads).toBe(0);
    const expired = await c.flush(t + 3_000, [c.job(1, check), c.job(1)]);
    expect(expired.statuses).toEqual([401, 201]);
    expect(expired.reads).toBe(0);
    expect(await logCount(org.orgId)).toBe(4);
  });
});
