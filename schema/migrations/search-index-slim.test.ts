// Migration 0021 on a database that already holds logs (docs/data.md#index-size): prompt_logs_trigrams
// (detail=none) is rebuilt from the stored logs in chunks while prompt_logs_search serves searches and
// every write keeps both; then the new index alone holds the same logs. Real SQLite (node:sqlite).
import type { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { trigramsRebuildChunk } from "../search-backfill";
import { runChunk } from "./run-chunk";
import { apply, blockMatches, databaseBefore, indexQueue, insertLog, integrity } from "./search-db";

describe("migration 0021_search_index_slim", () => {
  const t = 1_800_000_000_000;
  const rowidOf = (db: DatabaseSync, id: string) => Number(db.prepare("SELECT rowid FROM prompt_logs WHERE id = ?").get(id)!.rowid);
  /** What ended every write of logs from 0015 to 0021: the queue into prompt_logs_search. */
  const indexQueueBefore0021 = (db: DatabaseSync) =>
    db.exec(`INSERT INTO prompt_logs_search (rowid, prompt, response)
      SELECT (t.tenant_no << 40) + 1099511627775 - p.rowid, p.prompt, p.response FROM search_queue q
      JOIN prompt_logs p ON p.rowid = q.log_rowid JOIN search_tenants t ON t.org_id = p.org_id;
      DELETE FROM search_queue;`);

  it("keeps prompt_logs_search whole while prompt_logs_trigrams rebuilds, then the same logs in the new index only", () => {
    const db = databaseBefore("0021_search_index_slim");
    insertLog(db, "a1", "org_a", t, "puffin one");
    insertLog(db, "b1", "org_b", t, "puffin of b");
    insertLog(db, "a2", "org_a", t + 1, "puffin gone");
    insertLog(db, "a3", "org_a", t + 2, "puffin purged");
    indexQueueBefore0021(db);
    apply(db, "0021_search_index_slim");
    expect(db.prepare("SELECT count(*) AS n FROM search_rebuild").get()!.n).toBe(0);
    expect({ ...db.prepare("SELECT next_rowid, last_rowid FROM search_trigrams_rebuild").get() }).toEqual({
      next_rowid: rowidOf(db, "a1"),
      last_rowid: rowidOf(db, "a3"),
    });
    const before = [rowidOf(db, "a1"), rowidOf(db, "a2"), rowidOf(db, "a3")];
    expect(blockMatches(db, 1, "puffin", "prompt_logs_search")).toEqual(before);
    expect(blockMatches(db, 1, "puffin")).toEqual([]);

    // While it rebuilds: a delete, a re-write and a new log reach the index searches read, and the new one.
    db.prepare("DELETE FROM prompt_logs WHERE id = 'a2'").run();
    db.prepare("UPDATE prompt_logs SET prompt = 'gannet now' WHERE id = 'a3'").run();
    insertLog(db, "a4", "org_a", t + 3, "puffin new");
    indexQueue(db);
    expect(blockMatches(db, 1, "puffin", "prompt_logs_search")).toEqual([rowidOf(db, "a1"), rowidOf(db, "a4")]);
    expect(blockMatches(db, 1, "gannet", "prompt_logs_search")).toEqual([rowidOf(db, "a3")]);
    expect(blockMatches(db, 1, "puffin")).toEqual([rowidOf(db, "a4")]);
    integrity(db, "prompt_logs_search");

    const rebuildChunk = (size: number) => runChunk(db, trigramsRebuildChunk(size));
    expect([rebuildChunk(2), rebuildChunk(2)]).toEqual([2, 0]);
    expect(db.prepare("SELECT count(*) AS n FROM search_trigrams_rebuild").get()!.n).toBe(0);
    // The same logs as the old index, each once, in the same blocks.
    for (const [tenant, word] of [
      [1, "puffin"],
      [1, "gannet"],
      [2, "puffin"],
    ] as const)
      expect(blockMatches(db, tenant, word), `${tenant} ${word}`).toEqual(blockMatches(db, tenant, word, "prompt_logs_search"));
    expect(db.prepare("SELECT count(*) AS n FROM prompt_logs_trigrams WHERE prompt_logs_trigrams MATCH 'puf AND ffi'").get()!.n).toBe(3);
    integrity(db);

    // Done: only the new index is written.
    insertLog(db, "a5", "org_a", t + 4, "puffin newest");
    db.prepare("DELETE FROM prompt_logs WHERE id = 'a1'").run();
    indexQueue(db);
    expect(blockMatches(db, 1, "puffin")).toEqual([rowidOf(db, "a4"), rowidOf(db, "a5")]);
    expect(blockMatches(db, 1, "puffin", "prompt_logs_search")).toEqual(before.slice(0, 1).concat(rowidOf(db, "a4")));
    integrity(db);
  });

  it("starts complete on a database without logs: nothing to rebuild, the old indexes never written", () => {
    const db = databaseBefore("0021_search_index_slim");
    apply(db, "0021_search_index_slim");
    expect(db.prepare("SELECT (SELECT count(*) FROM search_trigrams_rebuild) + (SELECT count(*) FROM search_rebuild) AS n").get()!.n).toBe(
      0,
    );
    insertLog(db, "a1", "org_a", t, "puffin");
    indexQueue(db);
    expect(blockMatches(db, 1, "puffin")).toEqual([rowidOf(db, "a1")]);
    expect(blockMatches(db, 1, "puffin", "prompt_logs_search")).toEqual([]);
    expect(blockMatches(db, 1, "puffin", "prompt_logs_fts")).toEqual([]);
  });
});
