// The migrations' tests run a backfill chunk (schema/rowid-backfill.ts) on node:sqlite as the minute
// schedule runs it on D1 (worker/src/schedules/chunk.ts): its statements in one transaction, the last
// one answering how many rowids are left.
import type { DatabaseSync } from "node:sqlite";

/** Runs one chunk's statements in a transaction; answers the rowids its cursor has left (0 once done). */
export function runChunk(db: DatabaseSync, statements: readonly string[]): number {
  db.exec("BEGIN");
  for (const statement of statements.slice(0, -1)) db.exec(statement);
  const row = db.prepare(statements.at(-1)!).get();
  db.exec("COMMIT");
  return Number(row?.left ?? 0);
}
