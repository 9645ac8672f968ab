// The local D1 files of a stack's state directory, read with node:sqlite while the stack is stopped:
// which file is the control database and which hold an organization's log segments, in order. Local
// D1 names its files by a hash of the database, so they are told apart by what they hold: the control
// database has the organization's `log_segments` rows; a segment's file holds the organization's logs, and segments are time
// ranges, so ordering the files by their oldest log gives the chain (segment 0, the home shard, first).
import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { databaseBytes } from "./d1-sqlite.mjs";

const d1Dir = (stateDir) => path.join(stateDir, "v3", "d1", "miniflare-D1DatabaseObject");

/** Every local D1 database file of the state directory. */
export const d1Files = (stateDir) =>
  readdirSync(d1Dir(stateDir))
    .filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")
    .map((f) => path.join(d1Dir(stateDir), f));

const hasTable = (db, name) => Boolean(db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name));

/** The organization of the last log written to any file: the one a fill just wrote. */
export function lastWriter(stateDir) {
  let last = null;
  for (const file of d1Files(stateDir)) {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      if (!hasTable(db, "prompt_logs")) continue;
      const row = db.prepare("SELECT org_id, created_at FROM prompt_logs ORDER BY rowid DESC LIMIT 1").get();
      if (row && (!last || row.created_at > last.created_at)) last = row;
    } finally {
      db.close();
    }
  }
  return last?.org_id ?? null;
}

/**
 * The organization's segments as files, oldest first: { file, logs, oldest, newest, bytes }, and the
 * directory rows of the control database ({ seq, db, starts_at, dropped_at }).
 */
export function segmentFiles(stateDir, orgId) {
  const segments = [];
  let directory = [];
  for (const file of d1Files(stateDir)) {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      // Every database has every table (one migration set); only the control database has directory rows.
      const rows = db.prepare("SELECT seq, db, starts_at, dropped_at FROM log_segments WHERE org_id = ? ORDER BY seq").all(orgId);
      if (rows.length) directory = rows;
      if (!hasTable(db, "prompt_logs")) continue;
      const r = db
        .prepare("SELECT count(*) AS logs, min(created_at) AS oldest, max(created_at) AS newest FROM prompt_logs WHERE org_id = ?")
        .get(orgId);
      if (r.logs > 0) segments.push({ file, logs: r.logs, oldest: r.oldest, newest: r.newest, bytes: databaseBytes(db) });
    } finally {
      db.close();
    }
  }
  return { segments: segments.sort((a, b) => a.oldest - b.oldest), directory };
}

/** Search index bytes (prompt_logs_trigrams' shadow tables, dbstat) and the text bytes they index, in one file. */
export function indexAndTextBytes(file) {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const { indexBytes: index } = db
      .prepare("SELECT coalesce(sum(pgsize), 0) AS indexBytes FROM dbstat WHERE name LIKE 'prompt_logs_trigrams%'")
      .get();
    const { text } = db
      .prepare(
        "SELECT coalesce(sum(length(CAST(prompt AS BLOB)) + length(CAST(coalesce(response, '') AS BLOB))), 0) AS text FROM prompt_logs",
      )
      .get();
    return { index, text };
  } finally {
    db.close();
  }
}

/** `count` ids of the organization's logs in a segment file, spread over it (details-by-id probes). */
export function sampleIds(file, orgId, count) {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const { n } = db.prepare("SELECT count(*) AS n FROM prompt_logs WHERE org_id = ?").get(orgId);
    const at = db.prepare("SELECT id FROM prompt_logs WHERE org_id = ? ORDER BY created_at LIMIT 1 OFFSET ?");
    return Array.from({ length: count }, (_, i) => at.get(orgId, Math.floor(((i + 0.5) * n) / count)).id);
  } finally {
    db.close();
  }
}
