// The minute backfills (redaction, the search queue, log_facts) reach logs in the pool databases
// holding live segments, as they reach the shards, and leave a dropped segment's database alone.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, testDb } from "../../test/helpers";
import { asIfUpgraded } from "../../test/schedule-helpers";
import { freshPoolEachTest, threeSegments } from "../../test/segment-helpers";
import { idAt } from "../lib/ids";
import { markDropped } from "../tenancy/segments";
import { backfillLogFacts } from "./log-facts-backfill";
import { redactStoredLogs } from "./redaction-backfill";
import { backfillSearchIndex } from "./search-backfill";

freshPoolEachTest();

const awsKey = () =>
  `AKIA${Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => "ABCDEFGHJKLMNPQRSTUVWXYZ234567"[b % 30]).join("")}`;

/** A log written by hand (no redaction, left in the search queue, as a script would leave it). */
async function handWritten(d1: D1Database, orgId: string, prompt: string) {
  const id = idAt(Date.now());
  await d1
    .prepare(
      "INSERT INTO prompt_logs (id, org_id, created_at, model, prompt, response, flag_status, flag_reasons, findings) VALUES (?, ?, ?, 'gpt-4', ?, 'ok', 'safe', '[]', '[]')",
    )
    .bind(id, orgId, Date.now(), prompt)
    .run();
  return id;
}

const column = (d1: D1Database, id: string, name: string) =>
  d1.prepare(`SELECT ${name} AS v FROM prompt_logs WHERE id = ?`).bind(id).first("v");
const queued = (d1: D1Database) => d1.prepare("SELECT count(*) AS n FROM search_queue").first("n");
const facts = (d1: D1Database, orgId: string) => d1.prepare("SELECT count(*) AS n FROM log_facts WHERE org_id = ?").bind(orgId).first("n");

/** A victim in three segments whose segment 1 (SEG_0) is then dropped (not yet emptied), with hand-written logs in both pool databases. */
async function setUp() {
  const { victim } = await threeSegments();
  const secret = awsKey();
  const dropped = await handWritten(env.SEG_0, victim.orgId, `dropped ${secret}`);
  const live = await handWritten(env.SEG_1, victim.orgId, `kestrel ${secret}`);
  await markDropped(testDb(), victim.orgId, 1, Date.now());
  return { victim, secret, dropped, live };
}

describe("backfills in pool segments", () => {
  it("redacts a live pool segment's unredacted logs and leaves a dropped segment's alone", async () => {
    const { victim, secret, dropped, live } = await setUp();
    await redactStoredLogs(env, testDb());
    expect(await column(env.SEG_1, live, "redaction_mode")).toBe("credentials");
    expect(await column(env.SEG_1, live, "prompt")).toBe("kestrel [REDACTED:aws_access_key]");
    expect((await call("GET", `/logs/${live}`, { key: victim.apiKey })).body.prompt).not.toContain(secret);
    expect(await column(env.SEG_0, dropped, "redaction_mode")).toBeNull();
    expect(await redactStoredLogs(env, testDb())).toEqual({ logs: 0, redacted: 0, complete: true });
  });

  it("indexes a live pool segment's queued logs for search and leaves a dropped segment's queue alone", async () => {
    const { victim } = await setUp();
    const search = async () =>
      (await call("GET", "/logs?search=kestrel", { key: victim.apiKey })).body.map((l: { prompt: string }) => l.prompt);
    // Queued in the live pool segment: found already, by its text (queries/search.ts).
    expect(await search()).toHaveLength(1);
    // The dropped segment's queue: the hand-written log, and those its committer had not indexed yet.
    const leftInDropped = await queued(env.SEG_0);
    expect(leftInDropped).toBeGreaterThanOrEqual(1);
    await backfillSearchIndex(env, testDb());
    expect(await queued(env.SEG_1)).toBe(0);
    expect(await search()).toHaveLength(1);
    expect(await queued(env.SEG_0)).toBe(leftInDropped);
  });

  it("copies a live pool segment's logs into log_facts and leaves a dropped segment's alone", async () => {
    const { victim } = await setUp();
    for (const d1 of [env.SEG_0, env.SEG_1]) await asIfUpgraded(d1);
    await backfillLogFacts(env, testDb());
    expect(await facts(env.SEG_1, victim.orgId)).toBe(2);
    expect(await facts(env.SEG_0, victim.orgId)).toBe(0);
  });
});
