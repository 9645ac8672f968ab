// The straight-SQLite baseline of batched ingestion (docs/performance.md#row-2-batched-ingestion-is-bounded-by-straight-sqlite): the same rows inserted into a plain
// SQLite file (node:sqlite) with the product's schema, triggers and FTS, i.e. every migration of
// schema/migrations applied in journal order, read at run time so the baseline follows the schema.
// Rows go in transactions of BATCH (what one /api/logs/batch request stores) with the columns the
// product writes, each ending, as the product's do, with the indexing of the logs it queued. WAL journal, synchronous=NORMAL.
import { readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";
import { BATCH } from "./fill.mjs";
import { VERDICT } from "./realistic-logs.mjs";

/** What ends each of the product's writes of logs: the logs the insert trigger queued are indexed (migration 0013). */
const { INDEX_QUEUED_LOGS } = await tsImport("@promptsentry/schema/search-backfill", import.meta.url);

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../schema/migrations");
const ORG_ID = "01BENCHBASE00000000000000";

/** The migration files of `dir` in the order of its meta/_journal.json. */
export function migrationFiles(dir = MIGRATIONS_DIR) {
  const journal = JSON.parse(readFileSync(path.join(dir, "meta", "_journal.json"), "utf8"));
  return [...journal.entries].sort((a, b) => a.idx - b.idx).map((e) => path.join(dir, `${e.tag}.sql`));
}

/** Opens (creating and migrating when new) a baseline database file. */
export function openBaseline(file, dir = MIGRATIONS_DIR) {
  const db = new DatabaseSync(file);
  // WAL without an fsync per commit: the baseline measures SQLite's own work (B-trees, triggers, FTS),
  // not the queue of a disk other processes share (with synchronous=FULL it swung from 97 to 700 rows/s).
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;");
  const migrated = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'prompt_logs'").get().n > 0;
  if (!migrated) {
    for (const file of migrationFiles(dir)) db.exec(readFileSync(file, "utf8"));
    db.prepare("INSERT INTO organizations (id, name, email, plan, created_at) VALUES (?, ?, ?, ?, ?)").run(
      ORG_ID,
      "Baseline",
      "baseline@bench.local",
      "enterprise",
      Date.now(),
    );
  }
  return db;
}

let idCounter = 0;
/** A unique, time-sortable id in the product's ULID shape (26 characters). */
const nextId = () =>
  `${Date.now().toString(36).toUpperCase().padStart(10, "0")}${(idCounter++).toString(36).toUpperCase().padStart(16, "0")}`;

/** The prompt_logs row the product stores for a generated log (detector verdict from the generator). */
function row(log) {
  const verdict = log[VERDICT] ?? { flagStatus: "safe", flagReasons: [] };
  return {
    id: nextId(),
    org_id: ORG_ID,
    created_at: Date.now(),
    model: log.model,
    user_id: log.userId ?? null,
    session_id: log.sessionId ?? null,
    prompt: log.prompt,
    response: log.response ?? "",
    token_count: log.tokenCount ?? null,
    estimated_cost: 0.1,
    latency_ms: log.latencyMs ?? null,
    source: log.source ?? null,
    metadata: null,
    flag_status: verdict.flagStatus,
    flag_reasons: JSON.stringify(verdict.flagReasons),
    findings: "[]",
    api_key_id: null,
    idempotency_key: null,
    content_purged_at: null,
    redaction_mode: "mask",
    blocked: 0,
  };
}

/** The insert statement for the columns above that the current schema has. */
function insertStatement(db) {
  const have = new Set(
    db
      .prepare("PRAGMA table_info(prompt_logs)")
      .all()
      .map((c) => c.name),
  );
  const columns = Object.keys(row({ prompt: "", model: "" })).filter((c) => have.has(c));
  const stmt = db.prepare(`INSERT INTO prompt_logs (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`);
  return (log) => {
    const r = row(log);
    stmt.run(...columns.map((c) => r[c]));
  };
}

/** Inserts logs in transactions of BATCH; answers rows/s. */
export function insertLogs(db, logs) {
  const insert = insertStatement(db);
  const started = performance.now();
  for (let i = 0; i < logs.length; i += BATCH) {
    db.exec("BEGIN");
    try {
      for (const log of logs.slice(i, i + BATCH)) insert(log);
      for (const statement of INDEX_QUEUED_LOGS) db.exec(statement);
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return { rows: logs.length, seconds, rowsPerSecond: logs.length / seconds };
}

/** Rows in the baseline's prompt_logs. */
export const baselineRows = (db) => db.prepare("SELECT count(*) AS n FROM prompt_logs").get().n;
