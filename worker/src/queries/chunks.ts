// Bounded statements repeated until done: each deletion (or purge) also updates the FTS index and
// the aggregates through triggers, and D1 limits statement time, so big sets go in chunks.
import type { SQL } from "drizzle-orm";
import type { Db } from "../env";

/**
 * Rows one bounded statement changed. The statement ends in `RETURNING 1` and is counted by the rows
 * it returns: D1's `meta.changes` also counts the triggers' writes, so it overstates the rows.
 */
export const chunkRows = async (db: Db, statement: SQL): Promise<number> => (await db.all(statement)).length;

export type ChunksDone = { rows: number; chunks: number };

/** Runs `statement` (bounded to `size` rows) until a chunk changes fewer than `size`, at most `maxChunks` times. */
export async function inChunks(db: Db, statement: SQL, size: number, maxChunks = Infinity): Promise<ChunksDone> {
  const done: ChunksDone = { rows: 0, chunks: 0 };
  for (let last = size; last === size && done.chunks < maxChunks; done.chunks++) {
    last = await chunkRows(db, statement);
    done.rows += last;
  }
  return done;
}
