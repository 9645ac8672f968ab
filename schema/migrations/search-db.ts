// Databases at a migration of the search index's history, for the migrations' own tests
// (tenant-search.test.ts, search-index-slim.test.ts): real SQLite (node:sqlite) with the repository's
// migrations up to a tag, logs inserted as the product stores them, and reads of each index's blocks.
import { readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect } from "vitest";
import { rowidBackfillChunk } from "../rowid-backfill";
import { searchQueueIndex } from "../search-backfill";
import { trigramSearch } from "../../worker/src/queries/search-terms";

export const dir = import.meta.dirname;
export const journal = JSON.parse(readFileSync(path.join(dir, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
export const apply = (db: DatabaseSync, tag: string) => db.exec(readFileSync(path.join(dir, `${tag}.sql`), "utf8"));
export const SHIFT = 2 ** 40;
export const TOP = SHIFT - 1;

export function databaseBefore(stop: string) {
  const db = new DatabaseSync(":memory:");
  for (const { tag } of journal.entries) {
    if (tag === stop) break;
    apply(db, tag);
  }
  for (const org of ["org_a", "org_b", "org_c"])
    db.prepare("INSERT INTO organizations (id, name, email) VALUES (?, ?, ?)").run(org, org, `${org}@example.com`);
  return db;
}

export const insertLog = (db: DatabaseSync, id: string, org: string, createdAt: number, prompt: string) =>
  db
    .prepare(
      "INSERT INTO prompt_logs (id, org_id, created_at, model, prompt, response, flag_status, flag_reasons, findings) VALUES (?, ?, ?, 'gpt-4', ?, 'ok', 'safe', '[]', '[]')",
    )
    .run(id, org, createdAt, prompt);

/** What ends every write of logs in the product (migration 0013): the queued logs indexed, the queue emptied. */
export const indexQueue = (db: DatabaseSync, limit?: number) => {
  for (const statement of searchQueueIndex(limit)) db.exec(statement);
};
export const queued = (db: DatabaseSync) =>
  db
    .prepare("SELECT log_rowid FROM search_queue ORDER BY log_rowid")
    .all()
    .map((r) => Number(r.log_rowid));
/** One chunk of 0015's rebuild of prompt_logs_search, as the minute schedule ran it until 0021 replaced it. */
export const searchBackfillChunk = (size: number) =>
  rowidBackfillChunk(
    "search_rebuild",
    size,
    (chunkLogs) => `INSERT INTO prompt_logs_search (rowid, prompt, response)
     SELECT (t.tenant_no << 40) + 1099511627775 - p.rowid, p.prompt, p.response FROM ${chunkLogs}
     JOIN search_tenants t ON t.org_id = p.org_id WHERE p.rowid NOT IN (SELECT log_rowid FROM search_queue)`,
  );
export type Index = "prompt_logs_trigrams" | "prompt_logs_search" | "prompt_logs_fts";
export const integrity = (db: DatabaseSync, index: Index = "prompt_logs_trigrams") => {
  expect(db.prepare("PRAGMA integrity_check").get()!.integrity_check).toBe("ok");
  db.exec(`INSERT INTO ${index}(${index}, rank) VALUES ('integrity-check', 0)`);
};

/**
 * The prompt_logs rowids of a tenant's index entries holding a word, lowest first: prompt_logs_trigrams
 * and prompt_logs_search store (tenant_no << 40) + 2^40 - 1 - rowid, prompt_logs_fts (tenant_no << 40) + rowid.
 * prompt_logs_trigrams has no positions: the word's trigrams (the words here share none with the other texts).
 */
export const blockMatches = (db: DatabaseSync, tenantNo: number, word: string, index: Index = "prompt_logs_trigrams") =>
  db
    .prepare(
      index === "prompt_logs_fts"
        ? "SELECT rowid - ? AS log_rowid FROM prompt_logs_fts WHERE prompt_logs_fts MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rowid"
        : `SELECT ? - rowid AS log_rowid FROM ${index} WHERE ${index} MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rowid DESC`,
    )
    .all(
      index === "prompt_logs_fts" ? tenantNo * SHIFT : tenantNo * SHIFT + TOP,
      index === "prompt_logs_trigrams" ? trigramSearch([word], []).match : `"${word}"`,
      tenantNo * SHIFT,
      tenantNo * SHIFT + TOP,
    )
    .map((r) => Number(r.log_rowid));
