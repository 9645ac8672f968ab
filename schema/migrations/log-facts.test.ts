// Migration 0014 on a database that already holds logs: log_facts starts empty with the stored
// rowids left to a chunked backfill (schema/log-facts.ts, run by the minute schedule), the triggers
// keep it in step meanwhile and after, and the end state equals the logs' own columns whatever
// happened to a log before the backfill reached it. Real SQLite (node:sqlite), the repository's
// migrations in journal order.
import { readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { LOG_FACT_COLUMNS, logFactsBackfillChunk } from "../log-facts";
import { runChunk } from "./run-chunk";

const dir = import.meta.dirname;
const journal = JSON.parse(readFileSync(path.join(dir, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
const apply = (db: DatabaseSync, tag: string) => db.exec(readFileSync(path.join(dir, `${tag}.sql`), "utf8"));
const at = journal.entries.findIndex((e) => e.tag === "0014_log_facts");

function databaseBefore0014() {
  const db = new DatabaseSync(":memory:");
  for (const { tag } of journal.entries.slice(0, at)) apply(db, tag);
  for (const org of ["org_a", "org_b"])
    db.prepare("INSERT INTO organizations (id, name, email) VALUES (?, ?, ?)").run(org, org, `${org}@example.com`);
  return db;
}
const applyRest = (db: DatabaseSync) => {
  for (const { tag } of journal.entries.slice(at)) apply(db, tag);
};

let seq = 0;
const insertLog = (db: DatabaseSync, org: string, model: string) =>
  db
    .prepare(
      "INSERT INTO prompt_logs (id, org_id, created_at, model, prompt, response, token_count, flag_status, flag_reasons, findings) VALUES (?, ?, ?, ?, 'a long prompt', 'ok', ?, 'safe', '[]', '[]')",
    )
    .run(`log${++seq}`, org, 1_800_000_000_000 + seq, model, seq);

const columns = ["org_id", ...LOG_FACT_COLUMNS].join(", ");
/** What log_facts must hold: every stored log's columns, keyed by rowid. */
const expected = (db: DatabaseSync) => db.prepare(`SELECT rowid AS log_rowid, ${columns} FROM prompt_logs ORDER BY rowid`).all();
const facts = (db: DatabaseSync) => db.prepare(`SELECT log_rowid, ${columns} FROM log_facts ORDER BY log_rowid`).all();

const chunk = (db: DatabaseSync, rowids: number) => runChunk(db, logFactsBackfillChunk(rowids));

describe("migration 0014_log_facts", () => {
  it("copies stored logs in chunks while the triggers keep new, changed and deleted logs in step", () => {
    const db = databaseBefore0014();
    for (let i = 0; i < 7; i++) insertLog(db, i % 2 ? "org_a" : "org_b", i % 3 ? "gpt-4" : "claude-3");
    applyRest(db);
    expect(facts(db)).toEqual([]);
    expect({ ...db.prepare("SELECT next_rowid, last_rowid FROM log_facts_backfill").get() }).toEqual({ next_rowid: 1, last_rowid: 7 });

    // Before the backfill reaches them: a new log, a changed one, a deleted one, and one copied twice.
    insertLog(db, "org_a", "gemini");
    db.prepare("UPDATE prompt_logs SET flag_status = 'critical', model = 'gpt-4o' WHERE rowid = 5").run();
    db.prepare("DELETE FROM prompt_logs WHERE rowid = 6").run();
    expect(chunk(db, 3)).toBe(4);
    db.prepare("UPDATE prompt_logs SET token_count = 99 WHERE rowid = 2").run(); // already copied: the trigger updates it
    expect([chunk(db, 3), chunk(db, 3)]).toEqual([1, 0]);
    expect(db.prepare("SELECT count(*) AS n FROM log_facts_backfill").get()!.n).toBe(0);
    expect(facts(db)).toEqual(expected(db));

    // Afterwards the triggers alone: insert, update, delete (an organization's logs cascading included).
    insertLog(db, "org_b", "claude-3");
    db.prepare("UPDATE prompt_logs SET source = 'sdk' WHERE rowid = 1").run();
    db.prepare("UPDATE prompt_logs SET prompt = '' WHERE rowid = 3").run(); // a purge changes no fact
    db.prepare("DELETE FROM organizations WHERE id = 'org_a'").run();
    expect(facts(db)).toEqual(expected(db));
    expect(db.prepare("SELECT count(*) AS n FROM log_facts WHERE org_id = 'org_a'").get()!.n).toBe(0);
    expect(db.prepare("PRAGMA integrity_check").get()!.integrity_check).toBe("ok");
  });

  it("needs no backfill on an empty database", () => {
    const db = databaseBefore0014();
    applyRest(db);
    expect(db.prepare("SELECT count(*) AS n FROM log_facts_backfill").get()!.n).toBe(0);
    insertLog(db, "org_a", "gpt-4");
    expect(facts(db)).toEqual(expected(db));
    expect(() => logFactsBackfillChunk(0)).toThrow(/positive integer/);
  });
});
