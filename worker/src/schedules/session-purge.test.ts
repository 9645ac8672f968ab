import { env } from "cloudflare:test";
// The hourly retention cron deletes dashboard sessions no request can use (expired or revoked) and
// delivery claims older than any retry of their message, in bounded chunks; live rows stay.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DELIVERY_CLAIM_KEEP_DAYS } from "@promptsentry/schema/constants/delivery";
import { apiKeys, sessions } from "@promptsentry/schema/tables/access";
import { deliveryClaims } from "@promptsentry/schema/tables/delivery";
import { call, dataDb, registerOrg, testDb } from "../../test/helpers";
import { runCron } from "../../test/schedule-helpers";
import { CRONS } from "./index";
import { purgeExpired } from "./retention";

const HOUR = 3_600_000;

async function seedSessions(orgId: string, now: number, rows: { expiresIn: number; revoked?: boolean }[]) {
  const [key] = await testDb().select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.orgId, orgId)).limit(1);
  const values = rows.map((r, i) => ({
    id: `${orgId}-s${i}`,
    orgId,
    keyId: key.id,
    tokenHash: crypto.randomUUID(),
    lastSeenAt: new Date(now - HOUR),
    expiresAt: new Date(now + r.expiresIn),
    revokedAt: r.revoked ? new Date(now - HOUR) : null,
  }));
  await testDb().insert(sessions).values(values);
  return values.map((v) => v.id);
}

const sessionIds = async (orgId: string) =>
  (await testDb().select({ id: sessions.id }).from(sessions).where(eq(sessions.orgId, orgId))).map((r) => r.id).sort();

describe("session and delivery-claim purge", () => {
  it("the hourly cron deletes expired and revoked sessions and keeps live ones (the admin's cookie still works)", async () => {
    const now = Date.now();
    const org = await registerOrg();
    const before = await sessionIds(org.orgId);
    const [expired, revoked, live] = await seedSessions(org.orgId, now, [
      { expiresIn: -HOUR },
      { expiresIn: HOUR, revoked: true },
      { expiresIn: HOUR },
    ]);

    await runCron(CRONS.retention, now);
    expect(await sessionIds(org.orgId)).toEqual([...before, live].sort());
    expect(await sessionIds(org.orgId)).not.toContain(expired);
    expect(await sessionIds(org.orgId)).not.toContain(revoked);
    expect((await call("GET", "/organization", { cookie: org.cookie })).status).toBe(200);
  });

  it("works in bounded chunks within the run's budget, and the next run continues", async () => {
    const now = Date.now();
    const org = await registerOrg();
    await seedSessions(
      org.orgId,
      now,
      Array.from({ length: 7 }, () => ({ expiresIn: -HOUR })),
    );
    const first = await purgeExpired(env, testDb(), now, { chunkSize: 2, maxChunks: 2 });
    expect(first.chunks).toBeLessThanOrEqual(2);
    expect(first.sessions).toBeLessThanOrEqual(4);
    await purgeExpired(env, testDb(), now, { chunkSize: 2 });
    expect(await sessionIds(org.orgId)).toHaveLength(1); // the registration's live session
  });

  it("deletes delivery claims only once no retry of their message can arrive", async () => {
    const now = Date.now();
    const org = await registerOrg();
    const claim = (messageId: string, ageDays: number) => ({
      orgId: org.orgId,
      targetId: `t-${org.orgId}`,
      messageId,
      delivered: true,
      claimedAt: new Date(now - ageDays * 24 * HOUR),
    });
    const data = await dataDb(org.orgId);
    await data.insert(deliveryClaims).values([claim("old", DELIVERY_CLAIM_KEEP_DAYS + 1), claim("recent", DELIVERY_CLAIM_KEEP_DAYS - 1)]);
    const report = await purgeExpired(env, testDb(), now);
    expect(report.deliveryClaims).toBeGreaterThanOrEqual(1);
    const left = await data.select({ id: deliveryClaims.messageId }).from(deliveryClaims).where(eq(deliveryClaims.orgId, org.orgId));
    expect(left.map((r) => r.id)).toEqual(["recent"]);
  });
});
