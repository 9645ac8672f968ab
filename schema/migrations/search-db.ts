// Databases at a migration of the search index's history, for the migrations' own tests
// (tenant-search.test.ts, search-index-contract.test.ts): real SQLite (node:sqlite) with the
// repository's migrations up to a tag, logs inserted as the product stores them, the statements that
// filled the indexes of older migrations (frozen here: the product no longer has them), and reads of
// a tenant's block of prompt_logs_trigrams.
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

/** The queued logs indexed, the queue emptied (migration 0013), as the product's indexer runs it. */
export const indexQueue = (db: DatabaseSync, limit?: number) => {
  for (const statement of searchQueueIndex(limit)) db.exec(statement);
};
export const queued = (db: DatabaseSync) =>
  db
    .prepare("SELECT log_rowid FROM search_queue ORDER BY log_rowid")
    .all()
    .map((r) => Number(r.log_rowid));
/** What ended every write of logs from 0013 to 0015: the queue into prompt_logs_fts. */
export const indexQueueBefore0015 = [
  `INSERT INTO prompt_logs_fts (rowid, prompt, response)
   SELECT (t.tenant_no << 40) + p.rowid, p.prompt, p.response FROM search_queue q
   JOIN prompt_logs p ON p.rowid = q.log_rowid JOIN search_tenants t ON t.org_id = p.org_id`,
  "DELETE FROM search_queue",
];

/** What ended every write of logs from 0015 to 0021: into prompt_logs_search, and prompt_logs_fts while 0015's rebuild ran. */
export const indexQueueFrom0015 = [
  `INSERT INTO prompt_logs_search (rowid, prompt, response)
   SELECT (t.tenant_no << 40) + 1099511627775 - p.rowid, p.prompt, p.response FROM search_queue q
   JOIN prompt_logs p ON p.rowid = q.log_rowid JOIN search_tenants t ON t.org_id = p.org_id
   WHERE NOT EXISTS (SELECT 1 FROM search_rebuild r WHERE q.log_rowid BETWEEN r.next_rowid AND r.last_rowid)`,
  `INSERT INTO prompt_logs_fts (rowid, prompt, response)
   SELECT (t.tenant_no << 40) + p.rowid, p.prompt, p.response FROM search_queue q
   JOIN prompt_logs p ON p.rowid = q.log_rowid JOIN search_tenants t ON t.org_id = p.org_id
   WHERE EXISTS (SELECT 1 FROM search_rebuild)
     AND NOT EXISTS (SELECT 1 FROM search_backfill b WHERE q.log_rowid BETWEEN b.next_rowid AND b.last_rowid)`,
  "DELETE FROM search_queue",
];

/** What ended every write of logs from 0021 to 0024: each index the rebuilds left to be written. */
export const indexQueueFrom0021 = [
  `INSERT INTO prompt_logs_trigrams (rowid, prompt, response)
   SELECT (t.tenant_no << 40) + 1099511627775 - p.rowid, p.prompt, p.response FROM search_queue q
   JOIN prompt_logs p ON p.rowid = q.log_rowid JOIN search_tenants t ON t.org_id = p.org_id
   WHERE NOT EXISTS (SELECT 1 FROM search_trigrams_rebuild r WHERE q.log_rowid BETWEEN r.next_rowid AND r.last_rowid)`,
  `INSERT INTO prompt_logs_search (rowid, prompt, response)
   SELECT (t.tenant_no << 40) + 1099511627775 - p.rowid, p.prompt, p.response FROM search_queue q
   JOIN prompt_logs p ON p.rowid = q.log_rowid JOIN search_tenants t ON t.org_id = p.org_id
   WHERE EXISTS (SELECT 1 FROM search_trigrams_rebuild)
     AND NOT EXISTS (SELECT 1 FROM search_rebuild r WHERE q.log_rowid BETWEEN r.next_rowid AND r.last_rowid)`,
  `INSERT INTO prompt_logs_fts (rowid, prompt, response)
   SELECT (t.tenant_no << 40) + p.rowid, p.prompt, p.response FROM search_queue q
   JOIN prompt_logs p ON p.rowid = q.log_rowid JOIN search_tenants t ON t.org_id = p.org_id
   WHERE EXISTS (SELECT 1 FROM search_rebuild)
     AND NOT EXISTS (SELECT 1 FROM search_backfill b WHERE q.log_rowid BETWEEN b.next_rowid AND b.last_rowid)`,
  "DELETE FROM search_queue",
];

/** One chunk of 0015's rebuild of prompt_logs_search, as the minute schedule ran it until 0021 replaced it. */
export const searchBackfillChunk = (size: number) =>
  rowidBackfillChunk(
    "search_rebuild",
    size,
    (chunkLogs) => `INSERT INTO prompt_logs_search (rowid, prompt, response)
     SELECT (t.tenant_no << 40) + 1099511627775 - p.rowid, p.prompt, p.response FROM ${chunkLogs}
     JOIN search_tenants t ON t.org_id = p.org_id WHERE p.rowid NOT IN (SELECT log_rowid FROM search_queue)`,
  );

/** One chunk of 0021's rebuild of prompt_logs_trigrams, as the minute schedule ran it until 0024 finished it. */
export const trigramsRebuildChunk = (size: number) => {
  const [fill, move, done, left] = rowidBackfillChunk(
    "search_trigrams_rebuild",
    size,
    (chunkLogs) => `INSERT INTO prompt_logs_trigrams (rowid, prompt, response)
     SELECT (t.tenant_no << 40) + 1099511627775 - p.rowid, p.prompt, p.response FROM ${chunkLogs}
     JOIN search_tenants t ON t.org_id = p.org_id WHERE p.rowid NOT IN (SELECT log_rowid FROM search_queue)`,
  );
  return [fill, move, done, "DELETE FROM search_rebuild WHERE NOT EXISTS (SELECT 1 FROM search_trigrams_rebuild)", left];
};

export const integrity = (db: DatabaseSync) => {
  expect(db.prepare("PRAGMA integrity_check").get()!.integrity_check).toBe("ok");
  db.exec("INSERT INTO prompt_logs_trigrams (prompt_logs_trigrams, rank) VALUES ('integrity-check', 0)");
};

/**
 * The prompt_logs rowids of a tenant's index entries holding a word, lowest first: prompt_logs_trigrams
 * stores (tenant_no << 40) + 2^40 - 1 - rowid, and has no positions: the word's trigrams (the words
 * here share none with the other texts).
 */
export const blockMatches = (db: DatabaseSync, tenantNo: number, word: string) =>
  db
    .prepare(
      "SELECT ? - rowid AS log_rowid FROM prompt_logs_trigrams WHERE prompt_logs_trigrams MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rowid DESC",
    )
    .all(tenantNo * SHIFT + TOP, trigramSearch([word], []).match, tenantNo * SHIFT, tenantNo * SHIFT + TOP)
    .map((r) => Number(r.log_rowid));

/** Index entries holding a word in any tenant's block. */
export const indexMatches = (db: DatabaseSync, word: string) =>
  Number(
    db.prepare("SELECT count(*) AS n FROM prompt_logs_trigrams WHERE prompt_logs_trigrams MATCH ?").get(trigramSearch([word], []).match)!.n,
  );

/** Runs statements in order. */
export const run = (db: DatabaseSync, statements: readonly string[]) => {
  for (const statement of statements) db.exec(statement);
};
