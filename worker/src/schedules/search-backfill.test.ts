// Logs stored before the current search index (migration 0021 on a database with logs) are indexed
// into prompt_logs_trigrams by the minute schedule in chunks. Meanwhile searches read prompt_logs_search,
// which every write, delete and re-write keeps current, so no search misses a log during the rebuild;
// the triggers leave the rowids still to rebuild alone in the new index (no double entry, no "delete"
// of an entry not yet there), and each log lands in its own organization's block.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../tenancy/db";
import { call, dataD1, insertLogs, placeOnShard, registerOrg, testDb, type TestOrg } from "../../test/helpers";
import { trigramSearch } from "../queries/search-terms";
import { runCron } from "../../test/schedule-helpers";
import { CRONS } from "./index";
import { backfillSearchIndex, indexNextChunk, indexQueuedChunk } from "./search-backfill";

const found = async (org: TestOrg, word: string) =>
  ((await call("GET", `/logs?search=${word}`, { key: org.apiKey })).body as { prompt: string }[]).map((l) => l.prompt).sort();

type Index = "prompt_logs_trigrams" | "prompt_logs_search";
/** Index hits for a word in the whole shard, every tenant's block (prompt_logs_trigrams: its trigrams ANDed). */
const hits = async (d1: D1Database, word: string, index: Index = "prompt_logs_trigrams") =>
  (await d1
    .prepare(`SELECT count(*) AS n FROM ${index} WHERE ${index} MATCH ?`)
    .bind(index === "prompt_logs_trigrams" ? trigramSearch([word], []).match : `"${word}"`)
    .first<{ n: number }>())!.n;
const integrityCheck = (d1: D1Database, index: Index) =>
  d1.prepare(`INSERT INTO ${index} (${index}, rank) VALUES ('integrity-check', 0)`).run();

/**
 * The state migration 0021 leaves in a database that already held logs: every log in the previous
 * index (prompt_logs_search, same rowids), none in prompt_logs_trigrams, every rowid up to
 * `lastRowid` (default: the newest) waiting for the rebuild.
 */
async function asIfUpgraded(d1: D1Database, lastRowid?: number) {
  const { first, last } = (await d1
    .prepare("SELECT min(rowid) AS first, max(rowid) AS last FROM prompt_logs")
    .first<{ first: number; last: number }>())!;
  await d1.batch([
    d1.prepare("INSERT INTO prompt_logs_trigrams (prompt_logs_trigrams) VALUES ('delete-all')"),
    d1.prepare("INSERT INTO prompt_logs_search (prompt_logs_search) VALUES ('delete-all')"),
    d1.prepare(
      "INSERT INTO prompt_logs_search (rowid, prompt, response) SELECT (t.tenant_no << 40) + 1099511627775 - p.rowid, p.prompt, p.response FROM prompt_logs p JOIN search_tenants t ON t.org_id = p.org_id WHERE p.rowid NOT IN (SELECT log_rowid FROM search_queue)",
    ),
    d1.prepare("INSERT INTO search_trigrams_rebuild (id, next_rowid, last_rowid) VALUES (1, ?, ?)").bind(first, lastRowid ?? last),
  ]);
}

/** Runs the rebuild's chunks of `size` rowids to the end; answers how many it took. */
async function rebuild(d1: D1Database, size: number) {
  const db = createDb(d1);
  let chunks = 0;
  for (let left = 1; left > 0; chunks++) left = await indexNextChunk(db, size);
  expect(await d1.prepare("SELECT count(*) AS n FROM search_trigrams_rebuild").first("n")).toBe(0);
  return chunks;
}

describe("search index rebuild", () => {
  it("keeps every search whole while it rebuilds the new index in chunks, then reads the new index", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    await placeOnShard(b.orgId, 0);
    await placeOnShard(a.orgId, 0);
    const d1 = await dataD1(a.orgId);
    await insertLogs(a.orgId, [{ prompt: "puffin one" }, { prompt: "puffin two" }, { prompt: "puffin gone" }, { prompt: "puffin purged" }]);
    await insertLogs(b.orgId, [{ prompt: "puffin of b" }]);
    await asIfUpgraded(d1);
    expect(await hits(d1, "puffin")).toBe(0);
    expect(await found(a, "puffin")).toEqual(["puffin gone", "puffin one", "puffin purged", "puffin two"]);

    // Before the rebuild reaches them: a deleted log and a re-written one (retention, redaction), and a new log.
    await d1.prepare("DELETE FROM prompt_logs WHERE prompt = 'puffin gone'").run();
    await d1.prepare("UPDATE prompt_logs SET prompt = 'gannet now' WHERE prompt = 'puffin purged'").run();
    await insertLogs(a.orgId, [{ prompt: "puffin three" }]);
    expect(await found(a, "puffin")).toEqual(["puffin one", "puffin three", "puffin two"]);
    expect(await found(a, "gannet")).toEqual(["gannet now"]);
    expect(await found(b, "puffin")).toEqual(["puffin of b"]);
    expect(await hits(d1, "puffin")).toBe(1); // the new log only: the rest is the rebuild's
    await integrityCheck(d1, "prompt_logs_search");

    expect(await rebuild(d1, 2)).toBeGreaterThan(1);
    expect(await hits(d1, "puffin")).toBe(4);
    expect(await hits(d1, "gannet")).toBe(1);
    expect(await found(a, "puffin")).toEqual(["puffin one", "puffin three", "puffin two"]);
    expect(await found(a, "gannet")).toEqual(["gannet now"]);
    expect(await found(b, "puffin")).toEqual(["puffin of b"]);

    // Once done the writes index, re-index and forget in the new index only.
    await insertLogs(a.orgId, [{ prompt: "puffin four" }]);
    await d1.prepare("DELETE FROM prompt_logs WHERE prompt = 'puffin one'").run();
    expect(await found(a, "puffin")).toEqual(["puffin four", "puffin three", "puffin two"]);
    expect(await hits(d1, "four", "prompt_logs_search")).toBe(0);
    await integrityCheck(d1, "prompt_logs_trigrams");
  });

  it("indexes a log queued when it starts, and a new log whose rowid it still covers, exactly once", async () => {
    const org = await registerOrg();
    const d1 = await dataD1(org.orgId);
    await insertLogs(org.orgId, [{ prompt: "kestrel old" }]);
    // A hand-run INSERT leaves its log queued.
    await d1
      .prepare(
        "INSERT INTO prompt_logs (id, org_id, created_at, model, prompt, response, flag_status, flag_reasons, findings) VALUES (?, ?, ?, 'gpt-4', 'kestrel queued', 'ok', 'safe', '[]', '[]')",
      )
      .bind(`${org.orgId}-q`, org.orgId, Date.now())
      .run();
    const { last } = (await d1.prepare("SELECT max(rowid) AS last FROM prompt_logs").first<{ last: number }>())!;
    // As after the newest rows were deleted: SQLite hands out a rowid the rebuild still covers.
    await asIfUpgraded(d1, last + 5);
    await insertLogs(org.orgId, [{ prompt: "kestrel new" }]);
    expect(await d1.prepare("SELECT count(*) AS n FROM search_queue").first("n")).toBe(0);
    expect(await hits(d1, "kestrel")).toBe(0);
    await rebuild(d1, 1_000);
    expect(await hits(d1, "kestrel")).toBe(3);
    expect(await found(org, "kestrel")).toEqual(["kestrel new", "kestrel old", "kestrel queued"]);
    await integrityCheck(d1, "prompt_logs_trigrams");
  });

  it("leaves a queued log to the queue when it reaches it first", async () => {
    const org = await registerOrg();
    const d1 = await dataD1(org.orgId);
    await insertLogs(org.orgId, [{ prompt: "harrier old" }]);
    await asIfUpgraded(d1);
    // Queued after the rebuild started, with a rowid past its range only once the cursor moved on.
    await d1
      .prepare(
        "INSERT INTO prompt_logs (id, org_id, created_at, model, prompt, response, flag_status, flag_reasons, findings) VALUES (?, ?, ?, 'gpt-4', 'harrier queued', 'ok', 'safe', '[]', '[]')",
      )
      .bind(`${org.orgId}-q`, org.orgId, Date.now())
      .run();
    await d1.prepare("UPDATE search_trigrams_rebuild SET last_rowid = last_rowid + 1").run();
    await rebuild(d1, 1_000);
    expect(await hits(d1, "harrier")).toBe(1); // the old log; the queued one waits for the queue
    expect(await indexQueuedChunk(createDb(d1))).toBe(0);
    expect(await hits(d1, "harrier")).toBe(2);
    await integrityCheck(d1, "prompt_logs_trigrams");
  });

  it("runs each minute on every shard within its time budget, and has nothing to do once done", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    await placeOnShard(a.orgId, 0);
    await placeOnShard(b.orgId, 1);
    await insertLogs(a.orgId, [{ prompt: "osprey a" }]);
    await insertLogs(b.orgId, [{ prompt: "osprey b" }]);
    await asIfUpgraded(await dataD1(a.orgId));
    await asIfUpgraded(await dataD1(b.orgId));

    await runCron(CRONS.metrics, Date.now());
    expect(await found(a, "osprey")).toEqual(["osprey a"]);
    expect(await found(b, "osprey")).toEqual(["osprey b"]);
    // Nothing left anywhere: one read per shard, no chunk (no write transaction) at all.
    expect(await backfillSearchIndex(env, testDb())).toEqual({ chunks: 0, remaining: 0, complete: true });
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
    expect(await found(a, "merlin")).toEqual([]);
    // A write of the product indexes whatever is queued with its own logs.
    await call("POST", "/logs", { key: b.apiKey, body: { model: "gpt-4", prompt: "merlin three", response: "ok" } });
    expect(await found(b, "merlin")).toEqual(["merlin one", "merlin three", "merlin two"]);

    const d1 = await dataD1(a.orgId);
    expect(await indexQueuedChunk(createDb(d1), 1)).toBe(1);
    expect(await found(a, "merlin")).toEqual(["merlin one"]);
    await runCron(CRONS.metrics, Date.now());
    expect(await found(a, "merlin")).toEqual(["merlin one", "merlin two"]);
    expect(await d1.prepare("SELECT count(*) AS n FROM search_queue").first("n")).toBe(0);
    await integrityCheck(d1, "prompt_logs_trigrams");
  });
});
