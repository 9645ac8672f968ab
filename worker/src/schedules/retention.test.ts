import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { orgSettings } from "@promptsentry/schema/tables/organizations";
import { webhookDeliveries, webhooks } from "@promptsentry/schema/tables/delivery";
import { awayFromBoundary, call, dataD1, dataDb, indexHits, registerOrg, testDb, type TestOrg } from "../../test/helpers";
import { bulkInsertLogs, runCron } from "../../test/schedule-helpers";
import { purgeExpired } from "./retention";

// Expected days are computed here and on the server per request: keep every test inside one UTC day.
beforeEach(() => awayFromBoundary(24 * 60 * 60 * 1000, 15_000), 30_000);

const DAY = 86_400_000;

/** Bodies and metadata both kept `retentionDays`: logs are deleted whole at the horizon. */
const setRetention = (orgId: string, retentionDays: number, metadataRetentionDays = retentionDays) =>
  testDb().update(orgSettings).set({ retentionDays, metadataRetentionDays }).where(eq(orgSettings.orgId, orgId));
const countLogs = async (orgId: string) =>
  (await (await dataD1(orgId)).prepare("SELECT count(*) AS n FROM prompt_logs WHERE org_id = ?").bind(orgId).first<{ n: number }>())!.n;
const searchCount = async (org: TestOrg, word: string) =>
  (await call("GET", `/logs?search=${word}&limit=200`, { key: org.apiKey })).body.length;

async function insertDeliveries(orgId: string, createdAt: number[]) {
  const webhookId = `wh-${crypto.randomUUID()}`;
  await testDb()
    .insert(webhooks)
    .values({ id: webhookId, orgId, name: "hook", url: "https://example.com/hook", events: ["prompt.created"], secret: "whsec_x" });
  const data = await dataDb(orgId);
  for (const [i, at] of createdAt.entries()) {
    await data.insert(webhookDeliveries).values({
      id: `${webhookId}-${i}`,
      orgId,
      webhookId,
      messageId: `msg_${i}`,
      eventType: "prompt.created",
      attempt: 1,
      statusCode: 200,
      success: true,
      createdAt: new Date(at),
    });
  }
}
const countDeliveries = async (orgId: string) =>
  (await (await dataD1(orgId)).prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE org_id = ?").bind(orgId).first<{ n: number }>())!
    .n;

describe("retention purge", () => {
  it("deletes logs (and their search entries) and deliveries past retentionDays through the hourly cron, keeping aggregates and other organizations", async () => {
    const now = Date.now();
    const short = await registerOrg();
    const long = await registerOrg();
    await setRetention(short.orgId, 7);
    await setRetention(long.orgId, 365);
    const word = `ancient${crypto.randomUUID().slice(0, 6)}`;
    await bulkInsertLogs(short.orgId, {
      count: 12,
      createdAt: now - 10 * DAY,
      prompt: `${word} question`,
      flagStatus: "critical",
      tokenCount: 100,
      estimatedCost: 2,
    });
    await bulkInsertLogs(short.orgId, { count: 3, createdAt: now - 6 * DAY, prompt: "fresh question" });
    await bulkInsertLogs(long.orgId, { count: 4, createdAt: now - 10 * DAY, prompt: `${word} other org` });
    await insertDeliveries(short.orgId, [now - 9 * DAY, now - 8 * DAY, now - DAY]);
    await insertDeliveries(long.orgId, [now - 9 * DAY]);

    const statsBefore = (await call("GET", "/stats?days=30", { key: short.apiKey })).body;
    const trendsBefore = (await call("GET", "/trends?days=30", { key: short.apiKey })).body;
    const modelsBefore = (await call("GET", "/analytics/models?days=30", { key: short.apiKey })).body;
    expect(statsBefore.totalPrompts).toBe(15);
    expect(await searchCount(short, word)).toBe(12);
    expect(await indexHits(word)).toBe(16);

    await runCron("17 * * * *", now);

    expect(await countLogs(short.orgId)).toBe(3);
    expect(await searchCount(short, word)).toBe(0);
    expect(await searchCount(short, "fresh")).toBe(3);
    expect(await indexHits(word)).toBe(4); // only the other organization's
    expect(await countLogs(long.orgId)).toBe(4);
    expect(await searchCount(long, word)).toBe(4);
    expect(await countDeliveries(short.orgId)).toBe(1);
    expect(await countDeliveries(long.orgId)).toBe(1);
    // Stats and charts read the daily aggregates, which retention leaves alone.
    expect((await call("GET", "/stats?days=30", { key: short.apiKey })).body).toEqual(statsBefore);
    expect((await call("GET", "/trends?days=30", { key: short.apiKey })).body).toEqual(trendsBefore);
    expect((await call("GET", "/analytics/models?days=30", { key: short.apiKey })).body).toEqual(modelsBefore);
  });

  it("continues across runs when one run's chunk budget is used up", async () => {
    const now = Date.now();
    const org = await registerOrg();
    await setRetention(org.orgId, 30);
    await bulkInsertLogs(org.orgId, { count: 25, createdAt: now - 31 * DAY, spreadMs: DAY / 2 });
    await bulkInsertLogs(org.orgId, { count: 2, createdAt: now - 29 * DAY });
    const db = testDb();
    const first = await purgeExpired(env, db, now, { chunkSize: 10, maxChunks: 2 });
    expect(first).toMatchObject({ logs: 20, complete: false });
    expect(await countLogs(org.orgId)).toBe(7);
    const second = await purgeExpired(env, db, now, { chunkSize: 10, maxChunks: 2 });
    expect(second.logs).toBe(5);
    expect(await countLogs(org.orgId)).toBe(2);
    const third = await purgeExpired(env, db, now, { chunkSize: 10, maxChunks: 2 });
    expect(third).toMatchObject({ organizations: 0, logs: 0, complete: true });
    expect(await countLogs(org.orgId)).toBe(2);
  });

  it("takes organizations in turns so a big backlog cannot starve a small one", async () => {
    const now = Date.now();
    const big = await registerOrg();
    const small = await registerOrg();
    await bulkInsertLogs(big.orgId, { count: 100, createdAt: now - 40 * DAY });
    await bulkInsertLogs(small.orgId, { count: 3, createdAt: now - 40 * DAY });
    await setRetention(big.orgId, 30);
    await setRetention(small.orgId, 30);
    // Turns of at most 3 statements: small needs 1 (its logs; it has nothing else due), big gets the other 9.
    const report = await purgeExpired(env, testDb(), now, { chunkSize: 10, maxChunks: 10, maxChunksPerOrg: 3 });
    expect(await countLogs(small.orgId)).toBe(0);
    expect(await countLogs(big.orgId)).toBe(10);
    expect(report.complete).toBe(false);
    await purgeExpired(env, testDb(), now);
    expect(await countLogs(big.orgId)).toBe(0);
  });

  it("purges 5,000 logs in 1,000-row chunks within one run", async () => {
    const now = Date.now();
    const org = await registerOrg();
    await setRetention(org.orgId, 30);
    await bulkInsertLogs(org.orgId, {
      count: 5_000,
      createdAt: now - 60 * DAY,
      spreadMs: 20 * DAY,
      prompt: "a fairly ordinary prompt about quarterly revenue figures",
    });
    await bulkInsertLogs(org.orgId, { count: 10, createdAt: now - DAY });
    const started = performance.now();
    const report = await purgeExpired(env, testDb(), now);
    const ms = performance.now() - started;
    console.log(`retention: purged ${report.logs} logs in ${report.chunks} statements, ${ms.toFixed(0)} ms`);
    expect(report).toMatchObject({ logs: 5_000, complete: true });
    expect(await countLogs(org.orgId)).toBe(10);
  });
});
