// GET /api/logs/counts bounded (docs/scaling.md#counts): the unfiltered count comes from daily_usage (plus the rows
// retention may have half-purged), a searched or filtered one stops at LOG_COUNT_CAP.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { LOG_COUNT_CAP } from "@promptsentry/schema/constants/logs";
import { orgSettings } from "@promptsentry/schema/tables/organizations";
import { awayFromBoundary, call, dataD1, insertLogs, registerOrg, testDb } from "../../test/helpers";
import { bulkInsertLogs } from "../../test/schedule-helpers";
import { purgeExpired } from "../schedules/retention";

// The aggregate is per UTC day: keep each test inside one.
beforeEach(() => awayFromBoundary(86_400_000, 15_000), 30_000);

const DAY = 86_400_000;
const counts = async (key: string, query = "") => (await call("GET", `/logs/counts${query}`, { key })).body;

describe("GET /api/logs/counts without a search or row filter", () => {
  it("is read from the daily aggregate, not by counting the logs", async () => {
    const org = await registerOrg();
    await insertLogs(org.orgId, [{ flagStatus: "critical" }, { flagStatus: "warning", model: "claude-3" }, {}, {}]);
    expect(await counts(org.apiKey)).toEqual({ total: 4, capped: false, safe: 2, warning: 1, critical: 1 });
    // Proof of the source: a change made to the aggregate alone shows in the answer.
    await (await dataD1(org.orgId))
      .prepare("UPDATE daily_usage SET safe = safe + 1000, total = total + 1000 WHERE org_id = ? AND model = 'gpt-4'")
      .bind(org.orgId)
      .run();
    expect(await counts(org.apiKey)).toEqual({ total: 1004, capped: false, safe: 1002, warning: 1, critical: 1 });
    // Flag and model filters are answered there too (Red Flags' badges).
    expect(await counts(org.apiKey, "?flagStatus=warning,critical")).toEqual({ total: 2, capped: false, safe: 0, warning: 1, critical: 1 });
    expect(await counts(org.apiKey, "?model=CLAUDE")).toEqual({ total: 1, capped: false, safe: 0, warning: 1, critical: 0 });
  });

  it("stays exact when retention deletes old logs the aggregate still counts", async () => {
    const org = await registerOrg();
    await testDb().update(orgSettings).set({ retentionDays: 7, metadataRetentionDays: 30 }).where(eq(orgSettings.orgId, org.orgId));
    const now = Date.now();
    await bulkInsertLogs(org.orgId, { count: 5, createdAt: now - 40 * DAY, flagStatus: "critical" }); // past the horizon
    await bulkInsertLogs(org.orgId, { count: 3, createdAt: now - 30 * DAY + 60_000 }); // the horizon's day, kept for now
    await bulkInsertLogs(org.orgId, { count: 4, createdAt: now - 2 * DAY });
    expect(await counts(org.apiKey)).toEqual({ total: 12, capped: false, safe: 7, warning: 0, critical: 5 });
    await purgeExpired(env, testDb(), now);
    const stored = (await (
      await dataD1(org.orgId)
    )
      .prepare("SELECT count(*) AS n FROM prompt_logs WHERE org_id = ?")
      .bind(org.orgId)
      .first<{ n: number }>())!.n;
    expect(stored).toBe(7);
    expect(await counts(org.apiKey)).toEqual({ total: 7, capped: false, safe: 7, warning: 0, critical: 0 });
  });
});

describe("GET /api/logs/counts with a search or row filter", () => {
  it(`stops at ${LOG_COUNT_CAP.toLocaleString("en-US")}: capped, per-flag numbers unknown`, async () => {
    const org = await registerOrg();
    await bulkInsertLogs(org.orgId, { count: LOG_COUNT_CAP + 5, createdAt: Date.now() - 60_000, prompt: "pelican migration report" });
    await insertLogs(org.orgId, [{ prompt: "rare albatross", flagStatus: "warning", userId: "u-rare" }, {}]);
    const capped = { total: LOG_COUNT_CAP, capped: true, safe: null, warning: null, critical: null };
    expect(await counts(org.apiKey, "?search=pelican")).toEqual(capped);
    expect(await counts(org.apiKey, `?to=${new Date(Date.now() - 30_000).toISOString()}`)).toEqual(capped);
    // Under the cap the count is exact.
    expect(await counts(org.apiKey, "?search=albatross")).toEqual({ total: 1, capped: false, safe: 0, warning: 1, critical: 0 });
    expect(await counts(org.apiKey, "?userId=u-rare")).toEqual({ total: 1, capped: false, safe: 0, warning: 1, critical: 0 });
    // The unfiltered count is not capped: it comes from the aggregate.
    expect(await counts(org.apiKey)).toEqual({ total: LOG_COUNT_CAP + 7, capped: false, safe: LOG_COUNT_CAP + 6, warning: 1, critical: 0 });
  });

  it("counts exactly LOG_COUNT_CAP matches as exact, not capped", async () => {
    const org = await registerOrg();
    await bulkInsertLogs(org.orgId, { count: LOG_COUNT_CAP, createdAt: Date.now() - 60_000, prompt: "heron survey" });
    expect(await counts(org.apiKey, "?search=heron")).toEqual({
      total: LOG_COUNT_CAP,
      capped: false,
      safe: LOG_COUNT_CAP,
      warning: 0,
      critical: 0,
    });
  });
});
