// Overwriting a log's texts before they are deleted or purged. Deleted rows leave their bytes in the
// database file's free space until SQLite happens to reuse it, and D1 refuses both remedies SQLite
// has: `PRAGMA secure_delete` (not authorized) and VACUUM (refused inside D1's transaction), as
// lib/scrub.test.ts checks. An UPDATE that keeps a row's size is written in place, over the row's
// cell and its overflow pages, so setting each text to as many zero bytes first leaves zeros where
// the text was. What it cannot reach (docs/data.md#deleted-bytes): copies a B-tree page split left
// in its page's unused gap before the delete, and D1's own history (Time Travel).

/** Everything the sender wrote into a log: what a deletion overwrites. */
const LOG_TEXTS = ["prompt", "response", "metadata", "messages", "user_id", "session_id"] as const;
/** What a body purge (retention) removes while the log's metadata stays. */
const BODY_TEXTS = ["prompt", "response", "metadata", "messages"] as const;

/** `col = <as many zero bytes>`: same type and byte length, so the record keeps its size; NULL stays NULL. */
const zeroed = (columns: readonly string[]) =>
  columns.map((c) => `${c} = iif(${c} IS NULL, NULL, CAST(zeroblob(length(CAST(${c} AS BLOB))) AS TEXT))`).join(", ");

/** SET clause overwriting every text of a log before it is deleted (the FTS triggers follow the update). */
export const SCRUB_LOG = zeroed(LOG_TEXTS);
/** SET clause overwriting a log's bodies before they are purged. */
export const SCRUB_BODIES = zeroed(BODY_TEXTS);
