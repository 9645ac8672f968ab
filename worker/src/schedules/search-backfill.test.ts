// Logs stored before the tenant search index (migration 0010 on a database with logs) are indexed by
// the minute schedule in chunks; meanwhile the triggers leave those rowids alone (no double entry,
// no "delete" of an entry not yet there), and each log lands in its own organization's block.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../middleware/db";
import { call, dataD1, insertLogs, placeOnShard, registerOrg, type TestOrg } from "../../test/helpers";
import { runCron } from "../../test/schedule-helpers";
import { CRONS } from "./index";
import { backfillSearchIndex, indexNextChunk, indexQueuedChunk } from "./search-backfill";

const found = async (org: TestOrg, word: string) =>
  ((await call("GET", `/logs?search=${word}`, { key: org.apiKey })).body as { prompt: string }[]).map((l) => l.prompt).sort();

/** Index hits for a word in the whole shard, every tenant's block. */
const hits = async (d1: D1Database, word: string) =>
  (await d1.prepare("SELECT count(*) AS n FROM prompt_logs_fts WHERE prompt_logs_fts MATCH ?").bind(`"${word}"`).first<{ n: number }>())!.n;

/**
 * The state migration 0010 leaves in a database that already held logs: nothing indexed, every rowid
 * up to `lastRowid` (default: the newest) waiting for the backfill.
 */
async function asIfUpgraded(d1: D1Database, lastRowid?: number) {
  const { first, last } = (await d1
    .prepare("SELECT min(rowid) AS first, max(rowid) AS last FROM prompt_logs")
    .first<{ first: number; last: number }>())!;
  await d1.batch([
    d1.prepare("INSERT INTO prompt_logs_fts (prompt_logs_fts) VALUES ('delete-all')"),
    d1.prepare("INSERT INTO search_backfill (id, next_rowid, last_rowid) VALUES (1, ?, ?)").bind(first, lastRowid ?? last),
  ]);
}

describe("search index backfill", () => {
  it("indexes stored logs in chunks into their tenants' blocks; deletes and purges before it are left to it", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    await placeOnShard(b.orgId, 0);
    await placeOnShard(a.orgId, 0);
    const d1 = await dataD1(a.orgId);
    await insertLogs(a.orgId, [{ prompt: "puffin one" }, { prompt: "puffin two" }, { prompt: "puffin gone" }, { prompt: "puffin purged" }]);
    await insertLogs(b.orgId, [{ prompt: "puffin of b" }]);
    await asIfUpgraded(d1);
    expect(await found(a, "puffin")).toEqual([]); // not indexed yet: the documented gap while it runs

    // Before the backfill reaches them: a deleted log and a re-written one (retention, redaction).
    await d1.prepare("DELETE FROM prompt_logs WHERE prompt = 'puffin gone'").run();
    await d1.prepare("UPDATE prompt_logs SET prompt = 'gannet now' WHERE prompt = 'puffin purged'").run();
    expect(await hits(d1, "puffin")).toBe(0);

    const db = createDb(d1);
    let left = await indexNextChunk(db, 2);
    expect(left).toBeGreaterThan(0);
    let chunks = 1;
    while (left > 0) {
      left = await indexNextChunk(db, 2);
      chunks++;
    }
    expect(chunks).toBeGreaterThan(1);
    expect(await d1.prepare("SELECT count(*) AS n FROM search_backfill").first("n")).toBe(0);

    expect(await found(a, "puffin")).toEqual(["puffin one", "puffin two"]);
    expect(await found(a, "gannet")).toEqual(["gannet now"]);
    expect(await found(b, "puffin")).toEqual(["puffin of b"]);
    expect(await hits(d1, "puffin")).toBe(3);
    // Once done the triggers index, re-index and forget as before.
    await insertLogs(a.orgId, [{ prompt: "puffin three" }]);
    await d1.prepare("DELETE FROM prompt_logs WHERE prompt = 'puffin one'").run();
    expect(await found(a, "puffin")).toEqual(["puffin three", "puffin two"]);
    await d1.prepare("INSERT INTO prompt_logs_fts (prompt_logs_fts, rank) VALUES ('integrity-check', 0)").run();
  });

  it("leaves a new log whose rowid the backfill has still to reach to it: indexed once", async () => {
    const org = await registerOrg();
    const d1 = await dataD1(org.orgId);
    await insertLogs(org.orgId, [{ prompt: "kestrel old" }]);
    const { last } = (await d1.prepare("SELECT max(rowid) AS last FROM prompt_logs").first<{ last: number }>())!;
    // As after the newest rows were deleted: SQLite hands out a rowid the backfill still covers.
    await asIfUpgraded(d1, last + 5);
    await insertLogs(org.orgId, [{ prompt: "kestrel new" }]);
    expect(await hits(d1, "kestrel")).toBe(0);
    await indexNextChunk(createDb(d1), 1_000);
    expect(await hits(d1, "kestrel")).toBe(2);
    expect(await found(org, "kestrel")).toEqual(["kestrel new", "kestrel old"]);
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
    expect(await backfillSearchIndex(env)).toEqual({ chunks: 0, remaining: 0, complete: true });
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
    await d1.prepare("INSERT INTO prompt_logs_fts (prompt_logs_fts, rank) VALUES ('integrity-check', 0)").run();
  });
});
