// Migrations 0010 and 0013 on databases that already hold logs (docs/data.md#search): 0010 numbers every
// organization with logs and records how late its logs were stored, and every log lands in its own
// organization's block of the index (on a database migrated through 0024, which indexes what the
// earlier rebuilds left); every write then indexes its own logs through the queue (0013). Real SQLite
// (node:sqlite) with the repository's migrations.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { searchQueueIndex } from "../search-backfill";
import { apply, blockMatches, databaseBefore, dir, indexMatches, indexQueue, insertLog, integrity, journal, queued } from "./search-db";

describe("migration 0010_tenant_search", () => {
  it("backfills tenants in order of their first log, their lateness, and each one's block of the index", () => {
    const db = databaseBefore("0010_tenant_search");
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
    expect(blockMatches(db, 1, "puffin")).toEqual([rowid("b1"), rowid("b2")]);
    expect(blockMatches(db, 2, "puffin")).toEqual([rowid("a1"), rowid("a2")]);
    expect(blockMatches(db, 1, "gannet")).toEqual([rowid("b3")]);
    // Nothing outside the blocks: every entry belongs to one tenant.
    expect(indexMatches(db, "puffin")).toBe(4);

    // After the migration: a new organization gets the next block; lateness keeps growing; updates
    // and deletes leave the right block.
    insertLog(db, "c1", "org_c", t + 7_000, "puffin five");
    insertLog(db, "a3", "org_a", t - 4_000, "puffin six");
    indexQueue(db);
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
    integrity(db);
  });

  it("indexes each new log once from the start on an empty database", () => {
    const db = databaseBefore("0010_tenant_search");
    for (const { tag } of journal.entries.slice(journal.entries.findIndex((e) => e.tag === "0010_tenant_search"))) apply(db, tag);
    insertLog(db, "a1", "org_a", 1_800_000_000_000, "puffin");
    indexQueue(db);
    expect(blockMatches(db, 1, "puffin")).toHaveLength(1);
  });
});

describe("migration 0013_search_queue", () => {
  const migrated = () => {
    const db = databaseBefore("0010_tenant_search");
    for (const { tag } of journal.entries.slice(journal.entries.findIndex((e) => e.tag === "0010_tenant_search"))) apply(db, tag);
    return db;
  };
  const rowidOf = (db: DatabaseSync, id: string) => Number(db.prepare("SELECT rowid FROM prompt_logs WHERE id = ?").get(id)!.rowid);
  const t = 1_800_000_000_000;

  it("queues each stored log, and the write's closing statements index the queue into the tenants' blocks", () => {
    const db = migrated();
    db.exec("BEGIN");
    insertLog(db, "a1", "org_a", t, "puffin one");
    insertLog(db, "b1", "org_b", t, "puffin two");
    insertLog(db, "a2", "org_a", t + 1, "gannet");
    expect(queued(db)).toEqual([rowidOf(db, "a1"), rowidOf(db, "b1"), rowidOf(db, "a2")]);
    expect(blockMatches(db, 1, "puffin")).toEqual([]);
    indexQueue(db);
    db.exec("COMMIT");
    expect(queued(db)).toEqual([]);
    expect(blockMatches(db, 1, "puffin")).toEqual([rowidOf(db, "a1")]);
    expect(blockMatches(db, 2, "puffin")).toEqual([rowidOf(db, "b1")]);
    expect(blockMatches(db, 1, "gannet")).toEqual([rowidOf(db, "a2")]);
    integrity(db);
  });

  it("takes a deleted queued log out of the queue, indexes an updated one with its text then, and each log once", () => {
    const db = migrated();
    insertLog(db, "a1", "org_a", t, "puffin kept");
    insertLog(db, "a2", "org_a", t + 1, "puffin deleted");
    insertLog(db, "a3", "org_a", t + 2, "puffin purged");
    db.prepare("DELETE FROM prompt_logs WHERE id = 'a2'").run();
    db.prepare("UPDATE prompt_logs SET prompt = 'gannet now' WHERE id = 'a3'").run();
    expect(queued(db)).toEqual([rowidOf(db, "a1"), rowidOf(db, "a3")]);
    indexQueue(db);
    expect(blockMatches(db, 1, "puffin")).toEqual([rowidOf(db, "a1")]);
    expect(blockMatches(db, 1, "gannet")).toEqual([rowidOf(db, "a3")]);
    // Indexed logs: deletes and updates change the index itself, as before.
    db.prepare("UPDATE prompt_logs SET prompt = 'tern' WHERE id = 'a1'").run();
    db.prepare("DELETE FROM prompt_logs WHERE id = 'a3'").run();
    expect(blockMatches(db, 1, "puffin")).toEqual([]);
    expect(blockMatches(db, 1, "gannet")).toEqual([]);
    expect(blockMatches(db, 1, "tern")).toEqual([rowidOf(db, "a1")]);
    // A rowid used again after the newest log was deleted is queued and indexed like any other.
    const top = rowidOf(db, "a1");
    insertLog(db, "a4", "org_a", t + 3, "skua");
    db.prepare("DELETE FROM prompt_logs WHERE id = 'a4'").run();
    insertLog(db, "a5", "org_a", t + 4, "skua again");
    expect(rowidOf(db, "a5")).toBe(top + 1);
    indexQueue(db);
    expect(blockMatches(db, 1, "skua")).toEqual([top + 1]);
    integrity(db);
  });

  it("indexes the oldest queued logs first in chunks (the minute schedule's safety net)", () => {
    const db = migrated();
    for (let i = 0; i < 5; i++) insertLog(db, `a${i}`, "org_a", t + i, `puffin ${i}`);
    indexQueue(db, 2);
    expect(queued(db)).toEqual([rowidOf(db, "a2"), rowidOf(db, "a3"), rowidOf(db, "a4")]);
    expect(blockMatches(db, 1, "puffin")).toEqual([rowidOf(db, "a0"), rowidOf(db, "a1")]);
    indexQueue(db, 2);
    indexQueue(db, 2);
    expect(queued(db)).toEqual([]);
    expect(blockMatches(db, 1, "puffin")).toHaveLength(5);
    integrity(db);
    expect(() => searchQueueIndex(0)).toThrow(/positive integer/);
  });
});

describe("the demo seed (scripts/dev/seed.ts, what `npm start` loads)", () => {
  // The seed is a tsx child detecting and redacting a month of demo logs: about 3 s of CPU, which
  // took 40 s on a loaded 2-core machine, so the default 5 s would fail it for want of a core.
  it("ends as every write of logs does: nothing left queued, the demo month searchable at once", { timeout: 180_000 }, () => {
    const out = mkdtempSync(path.join(tmpdir(), "seed-"));
    const files = ["control.sql", "data.sql", "key"].map((f) => path.join(out, f));
    execFileSync(path.resolve(dir, "../../node_modules/.bin/tsx"), [path.resolve(dir, "../../scripts/dev/seed.ts"), ...files], {
      stdio: "ignore",
    });
    const db = new DatabaseSync(":memory:");
    for (const { tag } of journal.entries) apply(db, tag);
    db.exec(readFileSync(files[1], "utf8"));
    rmSync(out, { recursive: true, force: true });
    expect(db.prepare("SELECT count(*) AS n FROM search_queue").get()!.n).toBe(0);
    const logs = Number(db.prepare("SELECT count(*) AS n FROM prompt_logs").get()!.n);
    expect(logs).toBeGreaterThan(1_000);
    expect(
      db.prepare("SELECT count(*) AS n FROM prompt_logs_trigrams WHERE prompt_logs_trigrams MATCH 'ref AND efu AND fun AND und'").get()!.n,
    ).toBeGreaterThan(0);
    expect(db.prepare("SELECT count(*) AS n FROM log_facts").get()!.n).toBe(logs);
  });
});
