// Migration 0010 on a database that already holds logs (issue 11): it numbers every organization with
// logs and records how late its logs were stored; the logs themselves are indexed afterwards, in
// per-tenant blocks, by chunks of schema/search-backfill.ts (what the minute schedule runs), never by
// one long statement; the triggers then keep the index. Real SQLite (node:sqlite) with the
// repository's migrations, 0011 and later included.
import { readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { searchBackfillChunk } from "../search-backfill";

const dir = import.meta.dirname;
const journal = JSON.parse(readFileSync(path.join(dir, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
const apply = (db: DatabaseSync, tag: string) => db.exec(readFileSync(path.join(dir, `${tag}.sql`), "utf8"));
const SHIFT = 2 ** 40;

function databaseBefore0010() {
  const db = new DatabaseSync(":memory:");
  for (const { tag } of journal.entries) {
    if (tag === "0010_tenant_search") break;
    apply(db, tag);
  }
  for (const org of ["org_a", "org_b", "org_c"])
    db.prepare("INSERT INTO organizations (id, name, email) VALUES (?, ?, ?)").run(org, org, `${org}@example.com`);
  return db;
}

const insertLog = (db: DatabaseSync, id: string, org: string, createdAt: number, prompt: string) =>
  db
    .prepare(
      "INSERT INTO prompt_logs (id, org_id, created_at, model, prompt, response, flag_status, flag_reasons, findings) VALUES (?, ?, ?, 'gpt-4', ?, 'ok', 'safe', '[]', '[]')",
    )
    .run(id, org, createdAt, prompt);

const blockMatches = (db: DatabaseSync, tenantNo: number, word: string) =>
  db
    .prepare("SELECT rowid - ? AS log_rowid FROM prompt_logs_fts WHERE prompt_logs_fts MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rowid")
    .all(tenantNo * SHIFT, `"${word}"`, tenantNo * SHIFT, (tenantNo + 1) * SHIFT - 1)
    .map((r) => Number(r.log_rowid));

describe("migration 0010_tenant_search", () => {
  it("backfills tenants in order of their first log, their lateness, and each one's block of the index", () => {
    const db = databaseBefore0010();
    const t = 1_800_000_000_000;
    insertLog(db, "b1", "org_b", t, "puffin one");
    insertLog(db, "a1", "org_a", t + 1_000, "puffin two");
    insertLog(db, "b2", "org_b", t + 5_000, "puffin three");
    insertLog(db, "b3", "org_b", t + 2_000, "gannet"); // stored 3 s late
    insertLog(db, "a2", "org_a", t + 6_000, "puffin four");
    const rowid = (id: string) => Number(db.prepare("SELECT rowid FROM prompt_logs WHERE id = ?").get(id)!.rowid);

    for (const { tag } of journal.entries.slice(journal.entries.findIndex((e) => e.tag === "0010_tenant_search"))) apply(db, tag);
    expect(
      db
        .prepare("SELECT org_id, tenant_no, newest_at, late_ms FROM search_tenants ORDER BY tenant_no")
        .all()
        .map((r) => ({ ...r })),
    ).toEqual([
      { org_id: "org_b", tenant_no: 1, newest_at: t + 5_000, late_ms: 3_000 },
      { org_id: "org_a", tenant_no: 2, newest_at: t + 6_000, late_ms: 0 },
    ]);
    // Nothing indexed by the migration; every stored rowid is left to the backfill, two at a time here.
    expect(blockMatches(db, 1, "puffin")).toEqual([]);
    expect({ ...db.prepare("SELECT next_rowid, last_rowid FROM search_backfill").get() }).toEqual({
      next_rowid: rowid("b1"),
      last_rowid: rowid("a2"),
    });
    const left = () => {
      const statements = searchBackfillChunk(2);
      db.exec("BEGIN");
      for (const statement of statements.slice(0, -1)) db.exec(statement);
      const row = db.prepare(statements.at(-1)!).get();
      db.exec("COMMIT");
      return Number(row?.left ?? 0);
    };
    expect([left(), left(), left()]).toEqual([3, 1, 0]);
    expect(db.prepare("SELECT count(*) AS n FROM search_backfill").get()!.n).toBe(0);
    expect(blockMatches(db, 1, "puffin")).toEqual([rowid("b1"), rowid("b2")]);
    expect(blockMatches(db, 2, "puffin")).toEqual([rowid("a1"), rowid("a2")]);
    expect(blockMatches(db, 1, "gannet")).toEqual([rowid("b3")]);
    // Nothing outside the blocks: every entry belongs to one tenant.
    expect(db.prepare(`SELECT count(*) AS n FROM prompt_logs_fts WHERE prompt_logs_fts MATCH '"puffin"'`).get()!.n).toBe(4);

    // After the migration: a new organization gets the next block; lateness keeps growing; updates
    // and deletes leave the right block.
    insertLog(db, "c1", "org_c", t + 7_000, "puffin five");
    insertLog(db, "a3", "org_a", t - 4_000, "puffin six");
    expect({ ...db.prepare("SELECT tenant_no, late_ms FROM search_tenants WHERE org_id = 'org_c'").get() }).toEqual({
      tenant_no: 3,
      late_ms: 0,
    });
    expect(db.prepare("SELECT late_ms FROM search_tenants WHERE org_id = 'org_a'").get()!.late_ms).toBe(10_000);
    expect(blockMatches(db, 3, "puffin")).toEqual([rowid("c1")]);
    db.prepare("UPDATE prompt_logs SET prompt = 'gannet too' WHERE id = 'a1'").run();
    db.prepare("DELETE FROM prompt_logs WHERE id = 'b1'").run();
    expect(blockMatches(db, 2, "puffin")).toEqual([rowid("a2"), rowid("a3")]);
    expect(blockMatches(db, 2, "gannet")).toEqual([rowid("a1")]);
    expect(blockMatches(db, 1, "puffin")).toEqual([rowid("b2")]);
    // The aggregates trigger recreated without the index line still counts every log.
    expect(db.prepare("SELECT sum(total) AS n FROM daily_usage").get()!.n).toBe(7);
    expect(db.prepare("PRAGMA integrity_check").get()!.integrity_check).toBe("ok");
    db.exec("INSERT INTO prompt_logs_fts(prompt_logs_fts, rank) VALUES ('integrity-check', 0)");
  });

  it("needs no backfill on an empty database, and indexes each new log once from the start", () => {
    const db = databaseBefore0010();
    for (const { tag } of journal.entries.slice(journal.entries.findIndex((e) => e.tag === "0010_tenant_search"))) apply(db, tag);
    expect(db.prepare("SELECT count(*) AS n FROM search_backfill").get()!.n).toBe(0);
    insertLog(db, "a1", "org_a", 1_800_000_000_000, "puffin");
    expect(blockMatches(db, 1, "puffin")).toHaveLength(1);
  });
});
