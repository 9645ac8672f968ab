// Rows D1 reads and writes per operation (what D1 bills), measured through the real routes on the real
// local D1 with test/d1-rows.ts. Two claims are held here: the writes of a log are what
// docs/scaling.md#what-it-costs prices, and no read an operator repeats all day (a page, a count, a
// log, the dashboard) reads more as the organization's logs grow. `npm run bench:cost` prints the
// table (the D1_ROWS line) and the month's price from it.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { organizations, orgSettings } from "@promptsentry/schema/tables";
import { purgeExpired } from "../src/schedules/retention";
import { createDb } from "../src/tenancy/db";
import { emptySegmentDatabase } from "../src/tenancy/segment-empty";
import { poolD1 } from "../src/tenancy/segments";
import { d1Rows, type Rows } from "./d1-rows";
import { call, dataD1, insertLogs, registerOrg, testDb, type TestOrg } from "./helpers";
import { freshPoolEachTest, rollNow } from "./segment-helpers";

const WORDS = "the a customer order invoice refund shipping account please help summarize explain write code".split(" ");
const RARE = "quokka";

/** Prompts of ~600 characters from a small vocabulary, one in 50 holding RARE: deterministic. */
function prompt(i: number): string {
  const words: string[] = [];
  for (let w = 0; words.join(" ").length < 600; w++) words.push(WORDS[(i * 7 + w * 13 + ((i * w) % 5)) % WORDS.length]);
  if (i % 50 === 0) words.splice(10, 0, RARE);
  return words.join(" ");
}

let made = 0;
async function ingestBatch(org: TestOrg, n: number) {
  const logs = Array.from({ length: n }, () => {
    const i = made++;
    return { model: "gpt-4o", prompt: prompt(i), response: `Answer ${i}: ${prompt(i + 1).slice(0, 300)}`, userId: `u${i % 40}` };
  });
  const res = await call("POST", "/logs/batch", { key: org.apiKey, body: { logs } });
  expect(res.status).toBe(201);
  return res.body.ids as string[];
}

async function grow(org: TestOrg, total: number, have: number) {
  for (let n = have; n < total; n += 500) await ingestBatch(org, Math.min(500, total - n));
}

const get = (org: TestOrg, path: string) => d1Rows(async () => expect((await call("GET", path, { key: org.apiKey })).status).toBe(200));

/** The reads an operator repeats, each measured alone. */
async function reads(org: TestOrg, anyId: string) {
  const first = await call("GET", "/logs?limit=50", { key: org.apiKey });
  const before = first.body[first.body.length - 1].id;
  return {
    "list, first page": await get(org, "/logs?limit=50"),
    "list, next page": await get(org, `/logs?limit=50&before=${before}`),
    "search, common word": await get(org, "/logs?limit=50&search=customer"),
    "search, rare word": await get(org, `/logs?limit=50&search=${RARE}`),
    "search, no match": await get(org, "/logs?limit=50&search=zqxjvkwpf"),
    counts: await get(org, "/logs/counts"),
    "counts, searched": await get(org, "/logs/counts?search=customer"),
    "log by id": await get(org, `/logs/${anyId}`),
    "stats (7 days)": await get(org, "/stats"),
    "trends (7 days)": await get(org, "/trends"),
  } satisfies Record<string, Rows>;
}

const perLog = (rows: Rows, n: number): Rows => ({ read: rows.read / n, written: rows.written / n });

freshPoolEachTest();

/**
 * A tenant that fills more than one segment in its retention window loses its expired logs a segment
 * at a time: the segment leaves the directory, then its pool database is emptied by dropping its
 * tables. Measured on a pool segment of `n` logs, per log.
 */
async function segmentDrop(org: TestOrg, n: number): Promise<Rows> {
  const segment = await rollNow(org.orgId);
  for (let done = 0; done < n; done += 500) await ingestBatch(org, Math.min(500, n - done));
  const d1 = poolD1(env, segment!.db);
  const held = (await d1.prepare("SELECT count(*) AS n FROM prompt_logs").first<{ n: number }>())!.n;
  expect(held).toBe(n);
  return perLog(await d1Rows(() => emptySegmentDatabase(d1)), n);
}

it("counts the rows each operation reads and writes; repeated reads do not grow with the logs", async () => {
  const org = await registerOrg();
  // Enterprise: no monthly quota, the highest rate limit (the fill sends thousands of logs in seconds).
  await testDb().update(organizations).set({ plan: "enterprise" }).where(eq(organizations.id, org.orgId));
  const sizeOf = async () => (await (await dataD1(org.orgId)).prepare("SELECT 1").all()).meta.size_after;
  const ids = await ingestBatch(org, 1);
  const emptySize = await sizeOf();

  const SMALL = 1_000;
  const LARGE = 3_000;
  await grow(org, SMALL, 1);
  const small = await reads(org, ids[0]);
  await grow(org, LARGE, SMALL);
  const large = await reads(org, ids[0]);
  const bytesPerLog = ((await sizeOf()) - emptySize) / (LARGE - 1);

  // Writes: a log alone (the single-call route, grouped by the committer) and in a batch of 100.
  const single = await d1Rows(async () => {
    for (let i = 0; i < 20; i++) {
      const res = await call("POST", "/logs", { key: org.apiKey, body: { model: "gpt-4o", prompt: prompt(made++), response: "ok" } });
      expect(res.status).toBe(201);
    }
  });
  const batch = await d1Rows(() => ingestBatch(org, 100));

  // Retention: 200 logs past a 30-day horizon, deleted by the hourly purge (bodies and metadata together).
  await testDb().update(orgSettings).set({ retentionDays: 30, metadataRetentionDays: 30 }).where(eq(orgSettings.orgId, org.orgId));
  const old = new Date(Date.now() - 40 * 86_400_000);
  await insertLogs(
    org.orgId,
    Array.from({ length: 200 }, (_, i) => ({ createdAt: old, prompt: prompt(i), response: "old" })),
  );
  let purged = 0;
  const retention = await d1Rows(async () => {
    purged = (await purgeExpired(env, createDb(env.DB), Date.now(), { chunkSize: 100 })).logs;
  });
  expect(purged).toBe(200);
  const drop = await segmentDrop(org, 1_000);

  const writes = {
    "ingest, single call (per log)": perLog(single, 20),
    "ingest, batch of 100 (per log)": perLog(batch, 100),
    "retention delete (per log)": perLog(retention, purged),
    "retention, segment drop (per log)": drop,
  };
  console.log(`D1_ROWS ${JSON.stringify({ logs: LARGE, bytesPerLog, reads: large, readsAtSmall: small, writes })}`);

  // A log's writes are bounded: the row, its index entries, search terms, aggregates (no per-log scans).
  expect(writes["ingest, batch of 100 (per log)"].read).toBeLessThan(20);
  // Dropping a segment's tables does not run its rows through indexes and triggers the way a DELETE does.
  expect(drop.written).toBeLessThan(writes["retention delete (per log)"].written / 4);
  for (const name of ["list, first page", "list, next page", "counts", "log by id", "stats (7 days)", "trends (7 days)"] as const) {
    // Three times the logs, the same work (a few rows of slack for the aggregates of a new day or user).
    expect(large[name].read, name).toBeLessThanOrEqual(small[name].read * 1.1 + 10);
  }
});
