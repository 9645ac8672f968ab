// Metadata outlives bodies (docs/log-flow.md#afterwards-backfill-and-retention): at retentionDays a log's prompt, response and metadata are
// purged (search and FTS forget them, the screens say "content expired"); model, user, session,
// tokens, cost, latency, flag and reasons stay until metadataRetentionDays, then the log goes whole
// with its fingerprints.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { orgSettings } from "@promptsentry/schema/tables/organizations";
import { promptLogs } from "@promptsentry/schema/tables/logs";
import { awayFromBoundary, call, dataD1, dataDb, indexHits, insertLogs, registerOrg, testDb } from "../../test/helpers";
import { purgeExpired } from "./retention";

beforeEach(() => awayFromBoundary(24 * 60 * 60 * 1000, 15_000), 30_000);

const DAY = 86_400_000;
const fingerprintRows = async (orgId: string) =>
  (await (await dataD1(orgId)).prepare("SELECT count(*) AS n FROM log_fingerprints WHERE org_id = ?").bind(orgId).first<{ n: number }>())!
    .n;

describe("metadata retention", () => {
  it("purges bodies at retentionDays, keeps the metadata until metadataRetentionDays, then deletes the log and its fingerprints", async () => {
    const now = Date.now();
    const org = await registerOrg();
    await testDb().update(orgSettings).set({ retentionDays: 7, metadataRetentionDays: 30 }).where(eq(orgSettings.orgId, org.orgId));
    const word = `pelican${crypto.randomUUID().slice(0, 6)}`;
    const base = {
      model: "claude-3",
      userId: "u-7",
      sessionId: "s-1",
      tokenCount: 900,
      estimatedCost: 3,
      latencyMs: 420,
      flagStatus: "warning" as const,
      flagReasons: ["sensitive_content"],
    };
    const [old, ancient, fresh] = await insertLogs(org.orgId, [
      {
        ...base,
        createdAt: new Date(now - 10 * DAY),
        prompt: `${word} old`,
        response: "old answer",
        metadata: { ticket: word },
        messages: [{ role: "user" as const, content: `${word} old turn` }],
      },
      { ...base, createdAt: new Date(now - 40 * DAY), prompt: `${word} ancient`, response: "ancient answer" },
      { ...base, createdAt: new Date(now - DAY), prompt: `${word} fresh`, response: "fresh answer" },
    ]);
    const d1 = await dataD1(org.orgId);
    await d1.batch(
      [old, ancient].map((l) =>
        d1
          .prepare("INSERT INTO log_fingerprints (org_id, fingerprint, log_id, created_at) VALUES (?, ?, ?, ?)")
          .bind(org.orgId, "f".repeat(64), l.id, l.createdAt.getTime()),
      ),
    );
    expect(await indexHits(word)).toBe(3);

    const report = await purgeExpired(env, testDb(), now);
    expect(report).toMatchObject({ logs: 1, contents: 1, complete: true });

    const rows = await (await dataDb(org.orgId)).select().from(promptLogs).where(eq(promptLogs.orgId, org.orgId));
    expect(rows.map((r) => r.id).sort()).toEqual([old.id, fresh.id].sort());
    const expired = (await call("GET", `/logs/${old.id}`, { key: org.apiKey })).body;
    expect(expired).toMatchObject({ ...base, prompt: "", response: "", metadata: null, contentExpired: true });
    // the turns went with the bodies
    expect(expired).not.toHaveProperty("messages");
    expect(rows.find((r) => r.id === old.id)?.messages).toBeNull();
    expect((await call("GET", `/logs/${fresh.id}`, { key: org.apiKey })).body).toMatchObject({
      prompt: `${word} fresh`,
      contentExpired: false,
    });
    // The index forgot the purged text; search finds the fresh log only.
    expect(await indexHits(word)).toBe(1);
    expect((await call("GET", `/logs?search=${word}`, { key: org.apiKey })).body.map((l: { id: string }) => l.id)).toEqual([fresh.id]);
    // The deleted log's fingerprint went with it; the purged one's stays with its metadata.
    expect(await fingerprintRows(org.orgId)).toBe(1);

    // Idempotent: nothing more is due.
    expect(await purgeExpired(env, testDb(), now)).toMatchObject({ organizations: 0, logs: 0, contents: 0 });
    // Past metadataRetentionDays the purged log goes too.
    await purgeExpired(env, testDb(), now + 25 * DAY);
    expect((await call("GET", `/logs/${old.id}`, { key: org.apiKey })).status).toBe(404);
    expect(await fingerprintRows(org.orgId)).toBe(0);
  });
});
