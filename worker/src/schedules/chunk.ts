// One chunk of a backfill that fills a derived table from stored logs (search index, log_facts): its
// statements read their cursor themselves and the last answers `left`, so running them as one D1
// batch (one transaction) moves the cursor with the chunk's rows and overlapping runs never apply the
// same rowids twice.
import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../env";

/** Runs the statements as one transaction; answers the `left` of the last one (0 when it has no row). */
export async function runChunk(db: Db, statements: readonly string[]): Promise<number> {
  const items = statements.map((s, i) => (i === statements.length - 1 ? db.all<{ left: number }>(sql.raw(s)) : db.run(sql.raw(s))));
  const results = await db.batch(items as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const rows = results.at(-1) as { left: number }[];
  return Number(rows[0]?.left ?? 0);
}

export type BackfillReport = { chunks: number; remaining: number; complete: boolean };

/**
 * Runs chunks (`next` answers what is left after it) while any is `left` and the deadline allows,
 * counting them and what stays left into `report`.
 */
export async function drainChunks(left: number, next: () => Promise<number>, deadline: number, report: BackfillReport): Promise<void> {
  let remaining = left;
  while (remaining > 0 && Date.now() < deadline) {
    remaining = await next();
    report.chunks++;
  }
  report.remaining += remaining;
  report.complete = report.remaining === 0;
}
