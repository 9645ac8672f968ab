// Migration 0024 on databases whose earlier search indexes were still being rebuilt
// (docs/data.md#search): it indexes what 0021's rebuild had left into prompt_logs_trigrams, each log
// in its own organization's block, leaves queued logs to the queue, and drops the old indexes, their
// cursors and every trigger's use of them. The earlier migrations' statements are frozen copies
// (search-db.ts); what runs after 0024 is the product's own. Real SQLite (node:sqlite).
import type { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { runChunk } from "./run-chunk";
import {
  apply,
  blockMatches,
  databaseBefore,
  indexMatches,
  indexQueue,
  indexQueueBefore0015,
  indexQueueFrom0015,
  indexQueueFrom0021,
  insertLog,
  integrity,
  journal,
  queued,
  run,
  searchBackfillChunk,
  trigramsRebuildChunk,
} from "./search-db";

const t = 1_800_000_000_000;
const rowidOf = (db: DatabaseSync, id: string) => Number(db.prepare("SELECT rowid FROM prompt_logs WHERE id = ?").get(id)!.rowid);
const DROPPED = ["prompt_logs_fts", "prompt_logs_search", "search_rebuild", "search_trigrams_rebuild", "search_backfill"];

/** Applies the migrations from `from` up to and including `through`. */
const migrate = (db: DatabaseSync, from: string, through: string) => {
  const tags = journal.entries.map((e) => e.tag);
  for (const tag of tags.slice(tags.indexOf(from), tags.indexOf(through) + 1)) apply(db, tag);
};

/** Neither the old tables (FTS5 shadow tables included) nor any trigger or view that names one is left. */
function expectContracted(db: DatabaseSync) {
  const schema = db.prepare("SELECT type, name, sql FROM sqlite_schema").all();
  const names = schema.filter((r) => r.type === "table").map((r) => String(r.name));
  for (const table of DROPPED) expect(names.filter((n) => n === table || n.startsWith(`${table}_`))).toEqual([]);
  const naming = schema.filter((r) => DROPPED.some((table) => new RegExp(`\\b${table}\\b`).test(String(r.sql ?? ""))));
  expect(naming.map((r) => r.name)).toEqual([]);
}

describe("migration 0024_search_index_contract", () => {
  it("completes rebuilds left part done: every log once, in its own tenant's block, the old indexes gone", () => {
    // Logs stored before 0015, indexed in prompt_logs_fts as writes did then.
    const db = databaseBefore("0015_search_newest_first");
    insertLog(db, "a1", "org_a", t, "puffin one");
    insertLog(db, "b1", "org_b", t, "puffin of b");
    insertLog(db, "a2", "org_a", t + 1, "puffin gone");
    insertLog(db, "a3", "org_a", t + 2, "puffin purged");
    run(db, indexQueueBefore0015);
    // 0015's rebuild of prompt_logs_search one chunk in; a write of that time (a new log of each kind).
    apply(db, "0015_search_newest_first");
    expect(runChunk(db, searchBackfillChunk(1))).toBe(3);
    insertLog(db, "a4", "org_a", t + 3, "puffin four");
    insertLog(db, "b2", "org_b", t + 3, "gannet of b");
    run(db, indexQueueFrom0015);
    db.prepare("DELETE FROM prompt_logs WHERE id = 'a2'").run();
    // 0021's rebuild of prompt_logs_trigrams one chunk in (0015's still pending); meanwhile a
    // re-write it has still to reach, a log indexed past its range, and one a writer left queued.
    migrate(db, "0016_audit_log", "0021_search_index_slim");
    expect(runChunk(db, trigramsRebuildChunk(2))).toBeGreaterThan(0);
    expect(db.prepare("SELECT count(*) AS n FROM search_rebuild").get()!.n).toBe(1);
    db.prepare("UPDATE prompt_logs SET prompt = 'gannet now' WHERE id = 'a3'").run();
    insertLog(db, "c1", "org_c", t + 4, "puffin of c");
    run(db, indexQueueFrom0021);
    insertLog(db, "a5", "org_a", t + 5, "puffin left queued");

    migrate(db, "0022_log_segments", "0024_search_index_contract");
    expectContracted(db);
    // The queued log is the queue's: the product's statements index it, once.
    expect(queued(db)).toEqual([rowidOf(db, "a5")]);
    indexQueue(db);
    expect(queued(db)).toEqual([]);
    expect(blockMatches(db, 1, "puffin")).toEqual([rowidOf(db, "a1"), rowidOf(db, "a4"), rowidOf(db, "a5")]);
    expect(blockMatches(db, 1, "gannet")).toEqual([rowidOf(db, "a3")]);
    expect(blockMatches(db, 2, "puffin")).toEqual([rowidOf(db, "b1")]);
    expect(blockMatches(db, 2, "gannet")).toEqual([rowidOf(db, "b2")]);
    expect(blockMatches(db, 3, "puffin")).toEqual([rowidOf(db, "c1")]);
    // Nothing outside those blocks: every entry in the index is one of them.
    expect(indexMatches(db, "puffin")).toBe(5);
    expect(indexMatches(db, "gannet")).toBe(2);
    integrity(db);

    // Deletes and re-writes keep the one index right.
    db.prepare("DELETE FROM prompt_logs WHERE id = 'a1'").run();
    db.prepare("UPDATE prompt_logs SET prompt = 'tern now' WHERE id = 'a4'").run();
    db.prepare("UPDATE prompt_logs SET prompt = 'puffin again' WHERE id = 'a3'").run();
    expect(blockMatches(db, 1, "puffin")).toEqual([rowidOf(db, "a3"), rowidOf(db, "a5")]);
    expect(blockMatches(db, 1, "tern")).toEqual([rowidOf(db, "a4")]);
    expect(blockMatches(db, 1, "gannet")).toEqual([]);
    expect(indexMatches(db, "puffin")).toBe(4);
    integrity(db);
  });

  it("leaves a finished rebuild's index as it was", () => {
    const db = databaseBefore("0021_search_index_slim");
    insertLog(db, "a1", "org_a", t, "puffin one");
    insertLog(db, "b1", "org_b", t + 1, "puffin of b");
    run(db, indexQueueFrom0015);
    apply(db, "0021_search_index_slim");
    expect(runChunk(db, trigramsRebuildChunk(10))).toBe(0);
    insertLog(db, "a2", "org_a", t + 2, "puffin two");
    run(db, indexQueueFrom0021);
    migrate(db, "0022_log_segments", "0024_search_index_contract");
    expectContracted(db);
    expect(blockMatches(db, 1, "puffin")).toEqual([rowidOf(db, "a1"), rowidOf(db, "a2")]);
    expect(blockMatches(db, 2, "puffin")).toEqual([rowidOf(db, "b1")]);
    expect(indexMatches(db, "puffin")).toBe(3);
    integrity(db);
  });

  it("migrates a database without logs cleanly, which then indexes its logs from the queue", () => {
    const db = databaseBefore("0024_search_index_contract");
    apply(db, "0024_search_index_contract");
    expectContracted(db);
    insertLog(db, "a1", "org_a", t, "puffin");
    expect(queued(db)).toEqual([rowidOf(db, "a1")]);
    indexQueue(db);
    expect(blockMatches(db, 1, "puffin")).toEqual([rowidOf(db, "a1")]);
    db.prepare("DELETE FROM prompt_logs WHERE id = 'a1'").run();
    expect(indexMatches(db, "puffin")).toBe(0);
    integrity(db);
  });
});
