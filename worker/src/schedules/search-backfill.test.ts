// Logs a writer left in the search queue (a hand-run INSERT, a script) are indexed into their
// organizations' blocks of prompt_logs_trigrams by the minute schedule, in chunks, oldest first; a
// shard with nothing queued costs one read and no write transaction.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../tenancy/db";
import { call, dataD1, insertLogs, placeOnShard, registerOrg, testDb, type TestOrg } from "../../test/helpers";
import { trigramSearch } from "../queries/search-terms";
import { runCron } from "../../test/schedule-helpers";
import { CRONS } from "./index";
import { backfillSearchIndex, indexQueuedChunk } from "./search-backfill";

const found = async (org: TestOrg, word: string) =>
  ((await call("GET", `/logs?search=${word}`, { key: org.apiKey })).body as { prompt: string }[]).map((l) => l.prompt).sort();

/** Index hits for a word in the whole shard, every tenant's block (its trigrams ANDed). */
const hits = async (d1: D1Database, word: string) =>
  (await d1
    .prepare("SELECT count(*) AS n FROM prompt_logs_trigrams WHERE prompt_logs_trigrams MATCH ?")
    .bind(trigramSearch([word], []).match)
    .first<{ n: number }>())!.n;
const integrityCheck = (d1: D1Database) =>
  d1.prepare("INSERT INTO prompt_logs_trigrams (prompt_logs_trigrams, rank) VALUES ('integrity-check', 0)").run();

describe("search queue leftovers", () => {
  it("has nothing to do on databases whose writes indexed their own logs: one read each, no chunk", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    await placeOnShard(a.orgId, 0);
    await placeOnShard(b.orgId, 1);
    await insertLogs(a.orgId, [{ prompt: "osprey a" }]);
    await insertLogs(b.orgId, [{ prompt: "osprey b" }]);
    expect(await backfillSearchIndex(env, testDb())).toEqual({ chunks: 0, remaining: 0, complete: true });
    expect(await found(a, "osprey")).toEqual(["osprey a"]);
    expect(await found(b, "osprey")).toEqual(["osprey b"]);
  });

  it("indexes logs a writer left queued (a hand-run INSERT) in the minute run, oldest first, on every shard", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    await placeOnShard(a.orgId, 0);
    await placeOnShard(b.orgId, 1);
    for (const org of [a, b]) {
      const d1 = await dataD1(org.orgId);
      await d1
        .prepare(
          "INSERT INTO prompt_logs (id, org_id, created_at, model, prompt, response, flag_status, flag_reasons, findings) VALUES (?, ?, ?, 'gpt-4', ?, 'ok', 'safe', '[]', '[]'), (?, ?, ?, 'gpt-4', ?, 'ok', 'safe', '[]', '[]')",
        )
        .bind(`${org.orgId}-1`, org.orgId, Date.now(), "merlin one", `${org.orgId}-2`, org.orgId, Date.now(), "merlin two")
        .run();
      expect(await hits(d1, "merlin")).toBe(0);
    }
    // Queued, not indexed: searches still find them (each queued log's text is checked).
    expect(await found(a, "merlin")).toEqual(["merlin one", "merlin two"]);
    expect(await found(b, "merlin")).toEqual(["merlin one", "merlin two"]);

    const d1 = await dataD1(a.orgId);
    expect(await indexQueuedChunk(createDb(d1), 1)).toBe(1);
    expect(await hits(d1, "merlin")).toBe(1);
    expect(await found(a, "merlin")).toEqual(["merlin one", "merlin two"]);
    await runCron(CRONS.metrics, Date.now());
    for (const org of [a, b]) {
      const data = await dataD1(org.orgId);
      expect(await hits(data, "merlin")).toBe(2);
      expect(await data.prepare("SELECT count(*) AS n FROM search_queue").first("n")).toBe(0);
      await integrityCheck(data);
    }
    expect(await found(a, "merlin")).toEqual(["merlin one", "merlin two"]);
  });
});
