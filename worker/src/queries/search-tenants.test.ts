// Search within the organization's block of the FTS index (docs/data.md#search, search.ts):
// another organization's text never shows up, even in the neighbouring block; pages stay newest-first
// by created_at with every filter and the cursor, however out of time order logs were stored; and
// every way a log's text changes or goes (retention purge, redaction re-write, delete-all) keeps the
// block right.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LOG_COUNT_CAP } from "@promptsentry/schema/constants/logs";
import { orgSettings } from "@promptsentry/schema/tables/organizations";
import { call, dataD1, dataDb, indexQueued, insertLogs, orgShard, placeOnShard, registerOrg, testDb } from "../../test/helpers";
import { deleteAllLogs } from "./data";
import { trigramSearch } from "./search-terms";
import { TENANT_SHIFT } from "@promptsentry/schema/constants/search";
import { purgeExpired } from "../schedules/retention";

const DAY = 86_400_000;
/** Two new organizations whose logs share one data shard, so one FTS index (what these tests are about). */
async function twoInOneShard() {
  const a = await registerOrg();
  const b = await registerOrg();
  await placeOnShard(b.orgId, await orgShard(a.orgId));
  return [a, b] as const;
}
const tenantNo = async (orgId: string) =>
  (await (await dataD1(orgId)).prepare("SELECT tenant_no FROM search_tenants WHERE org_id = ?").bind(orgId).first<{ tenant_no: number }>())
    ?.tenant_no ?? null;
/** Index entries holding every trigram of `word` in the organization's block, straight from FTS5. */
const blockHits = async (orgId: string, word: string) => {
  const no = await tenantNo(orgId);
  const base = BigInt(no ?? 0) << BigInt(TENANT_SHIFT);
  return (await (
    await dataD1(orgId)
  )
    .prepare("SELECT count(*) AS n FROM prompt_logs_trigrams WHERE prompt_logs_trigrams MATCH ?1 AND rowid BETWEEN ?2 AND ?2 + ?3 - 1")
    .bind(trigramSearch([word], []).match, Number(base), 2 ** TENANT_SHIFT)
    .first<{ n: number }>())!.n;
};
const searchIds = async (key: string, query: string) => {
  const res = await call("GET", `/logs?${query}`, { key });
  expect(res.status, res.text).toBe(200);
  return (res.body as { id: string }[]).map((l) => l.id);
};
const counts = async (key: string, query: string) => (await call("GET", `/logs/counts?${query}`, { key })).body;

describe("search within the organization's block of the index", () => {
  it("never finds another organization's text, in lists or counts, even in the adjacent block", async () => {
    const [a, b] = await twoInOneShard();
    const word = `falcon${crypto.randomUUID().slice(0, 6)}`;
    // Stored alternately, so the two organizations' logs have neighbouring rowids.
    for (let i = 0; i < 6; i++) {
      await insertLogs(a.orgId, [{ prompt: `${word} sighting ${i}` }]);
      await insertLogs(b.orgId, [{ prompt: `nothing to see ${i}`, response: `${word.slice(0, 3)}` }]);
    }
    expect(await tenantNo(b.orgId)).toBe((await tenantNo(a.orgId))! + 1);

    expect(await searchIds(a.apiKey, `search=${word}`)).toHaveLength(6);
    expect(await searchIds(b.apiKey, `search=${word}`)).toEqual([]);
    expect(await searchIds(b.apiKey, `search=${word}&limit=1`)).toEqual([]);
    expect(await counts(b.apiKey, `search=${word}`)).toMatchObject({ total: 0, capped: false });
    expect(await counts(a.apiKey, `search=${word}`)).toMatchObject({ total: 6, capped: false, safe: 6 });
    // The index itself: A's entries are all in A's block, none in B's.
    expect(await blockHits(a.orgId, word)).toBe(6);
    expect(await blockHits(b.orgId, word)).toBe(0);
    // A cursor from another organization answers an empty page, not that organization's rows.
    const aFirst = (await searchIds(a.apiKey, `search=${word}&limit=1`))[0];
    expect(await searchIds(b.apiKey, `search=sighting&before=${aFirst}`)).toEqual([]);
    // An organization that never stored a log has no block: nothing matches, nothing errors.
    const c = await registerOrg();
    expect(await tenantNo(c.orgId)).toBeNull();
    expect(await searchIds(c.apiKey, `search=${word}`)).toEqual([]);
    expect(await counts(c.apiKey, `search=${word}`)).toMatchObject({ total: 0 });
  });

  it("pages newest first by created_at with every filter and the cursor, however out of order logs were stored", async () => {
    const org = await registerOrg();
    const now = Date.now();
    // Deterministic shuffle: logs stored in no particular time order (a backfill, a late batch),
    // some sharing a timestamp, about two thirds with the word.
    let s = 7;
    const next = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const users = ["ann", "bob", "cy"];
    const flags = ["safe", "warning", "critical"] as const;
    const logs = Array.from({ length: 150 }, (_, i) => ({
      createdAt: new Date(now - Math.floor(next() * 40) * 3 * 3_600_000 - (i % 3)),
      prompt: next() < 0.67 ? `a kestrel report number ${i}` : `a plain report number ${i}`,
      userId: users[Math.floor(next() * 3)],
      flagStatus: flags[Math.floor(next() * 3)],
      model: next() < 0.5 ? "gpt-4o" : "claude-3-haiku",
    }));
    const rows = await insertLogs(org.orgId, logs);
    const late = await (await dataD1(org.orgId))
      .prepare("SELECT late_ms FROM search_tenants WHERE org_id = ?")
      .bind(org.orgId)
      .first<{ late_ms: number }>();
    expect(late!.late_ms).toBeGreaterThan(DAY);

    const newestFirst = (x: (typeof rows)[number], y: (typeof rows)[number]) =>
      y.createdAt.getTime() - x.createdAt.getTime() || (y.id < x.id ? -1 : y.id > x.id ? 1 : 0);
    const from = new Date(now - 3 * DAY);
    const to = new Date(now - DAY);
    const cases: [string, (r: (typeof rows)[number]) => boolean][] = [
      ["search=kestrel", () => true],
      ["search=kestrel&userId=bob", (r) => r.userId === "bob"],
      ["search=kestrel&flagStatus=critical", (r) => r.flagStatus === "critical"],
      ["search=kestrel&model=claude", (r) => r.model.startsWith("claude")],
      [`search=kestrel&from=${from.toISOString()}`, (r) => r.createdAt >= from],
      [`search=kestrel&to=${to.toISOString()}`, (r) => r.createdAt <= to],
      [
        `search=kestrel&from=${from.toISOString()}&to=${to.toISOString()}&userId=ann`,
        (r) => r.createdAt >= from && r.createdAt <= to && r.userId === "ann",
      ],
    ];
    for (const [query, keep] of cases) {
      const expected = rows
        .filter((r) => r.prompt.includes("kestrel") && keep(r))
        .sort(newestFirst)
        .map((r) => r.id);
      const seen: string[] = [];
      for (let page = 0; page < 40; page++) {
        const ids = await searchIds(org.apiKey, `${query}&limit=7${seen.length ? `&before=${seen.at(-1)}` : ""}`);
        seen.push(...ids);
        if (ids.length < 7) break;
      }
      expect(seen, query).toEqual(expected);
      expect((await counts(org.apiKey, query)).total, query).toBe(expected.length);
    }
  });

  it("keeps the block right through retention purge, re-written text and delete-all", async () => {
    const [a, b] = await twoInOneShard();
    const word = `osprey${crypto.randomUUID().slice(0, 6)}`;
    const now = Date.now();
    await insertLogs(a.orgId, [
      { createdAt: new Date(now - 10 * DAY), prompt: `${word} old one` },
      { createdAt: new Date(now - 60_000), prompt: `${word} new one` },
    ]);
    const bRows = await insertLogs(b.orgId, [
      { createdAt: new Date(now - 10 * DAY), prompt: `${word} old one` },
      { createdAt: new Date(now - 60_000), prompt: `${word} new one` },
    ]);
    // A keeps bodies 7 days (metadata a year): its old log's text leaves the index, B's stays.
    await testDb().update(orgSettings).set({ retentionDays: 7, metadataRetentionDays: 365 }).where(eq(orgSettings.orgId, a.orgId));
    await purgeExpired(env, testDb(), now);
    expect(await searchIds(a.apiKey, `search=${word}`)).toHaveLength(1);
    expect(await blockHits(a.orgId, word)).toBe(1);
    expect(await searchIds(b.apiKey, `search=${word}`)).toHaveLength(2);

    // Text re-written in place (the redaction backfill's path): the old text leaves, the new is found.
    const fresh = `heron${crypto.randomUUID().slice(0, 6)}`;
    await (await dataD1(b.orgId)).prepare("UPDATE prompt_logs SET prompt = ? WHERE id = ?").bind(`${fresh} instead`, bRows[1].id).run();
    expect(await searchIds(b.apiKey, `search=${word}`)).toEqual([bRows[0].id]);
    expect(await searchIds(b.apiKey, `search=${fresh}`)).toEqual([bRows[1].id]);
    expect(await searchIds(a.apiKey, `search=${fresh}`)).toEqual([]);

    // Delete-all empties B's block and leaves A's.
    await deleteAllLogs(await dataDb(b.orgId), b.orgId);
    expect(await blockHits(b.orgId, word)).toBe(0);
    expect(await blockHits(b.orgId, fresh)).toBe(0);
    expect(await blockHits(a.orgId, word)).toBe(1);
    expect(await counts(b.apiKey, `search=${word}`)).toMatchObject({ total: 0 });
    // New logs after delete-all go back into B's own block.
    await insertLogs(b.orgId, [{ prompt: `${word} again` }]);
    expect(await blockHits(b.orgId, word)).toBe(1);
    expect(await searchIds(b.apiKey, `search=${word}`)).toHaveLength(1);
  });

  it("caps a searched count at the organization's own matches", async () => {
    const [a, b] = await twoInOneShard();
    const word = `plover${crypto.randomUUID().slice(0, 6)}`;
    await (await dataD1(a.orgId))
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1)
       INSERT INTO prompt_logs (id, org_id, created_at, model, prompt, response, flag_status, flag_reasons, findings)
       SELECT ?2 || '-' || i, ?3, ?4 + i, 'gpt-4', ?5 || ' #' || i, 'ok', 'safe', '[]', '[]' FROM n`,
      )
      .bind(LOG_COUNT_CAP + 5, `cap-${word}`, a.orgId, Date.now() - DAY, word)
      .run();
    await indexQueued(await dataD1(a.orgId));
    await insertLogs(b.orgId, [{ prompt: `${word} once` }]);
    expect(await counts(a.apiKey, `search=${word}`)).toMatchObject({ total: LOG_COUNT_CAP, capped: true });
    expect(await counts(b.apiKey, `search=${word}`)).toMatchObject({ total: 1, capped: false, safe: 1 });
    expect(await searchIds(b.apiKey, `search=${word}`)).toHaveLength(1);
  });
});
