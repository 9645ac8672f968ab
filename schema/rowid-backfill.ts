// A backfill over a range of prompt_logs rowids (search index, migration 0010; log_facts, migration
// 0014): a one-row cursor table (next_rowid..last_rowid still to do; no row: nothing) and the
// statements of one chunk. They read the cursor themselves, so a chunk and its cursor move are one
// transaction that two overlapping runs cannot both apply to the same rowids.

/**
 * The statements of one chunk: `fill` given the join of the cursor `b` to the chunk's logs `p`, then
 * the cursor moved, the cursor dropped when past the end, and a SELECT answering `left`.
 */
export const rowidBackfillChunk = (
  cursor: string,
  chunkRowids: number,
  fill: (chunkLogs: string) => string,
): [string, string, string, string] => {
  if (!Number.isInteger(chunkRowids) || chunkRowids < 1) throw new Error("chunkRowids must be a positive integer");
  return [
    fill(`${cursor} b
     JOIN prompt_logs p ON p.rowid BETWEEN b.next_rowid AND min(b.next_rowid + ${chunkRowids} - 1, b.last_rowid)`),
    `UPDATE ${cursor} SET next_rowid = next_rowid + ${chunkRowids}`,
    `DELETE FROM ${cursor} WHERE next_rowid > last_rowid`,
    `SELECT last_rowid - next_rowid + 1 AS left FROM ${cursor}`,
  ];
};

/** Rowids the cursor has still to cover, as an SQL expression (0 when done). */
export const rowidsLeft = (cursor: string) => `coalesce((SELECT last_rowid - next_rowid + 1 FROM ${cursor}), 0)`;
