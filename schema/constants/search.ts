// The search index: trigram terms, each tenant's block of rowids, and the queue's leftovers (docs/data.md#search).

/** Trigram full-text search needs 3 characters per term; shorter terms are matched by substring scan. */
export const SEARCH_TRIGRAM_MIN_CHARS = 3;

/**
 * The search index (prompt_logs_trigrams) gives each organization a block of rowids: FTS rowid =
 * (tenant_no << TENANT_SHIFT) + TENANT_TOP - prompt_logs.rowid, so a block reads newest first in
 * ascending order (worker/src/queries/search.ts). prompt_logs rowids stay below 2^40 (about 10^12 logs).
 */
export const TENANT_SHIFT = 40;
/** The highest offset within a tenant's block of the search index, 2^40 - 1. */
export const TENANT_TOP = 2 ** TENANT_SHIFT - 1;

/**
 * Indexing of logs a writer left queued (worker/src/schedules/search-backfill.ts): logs per
 * transaction (about a second of trigram indexing for logs of 1–2 KB; log_facts' backfill uses the
 * same size), and how long one minute's run keeps going over all data shards.
 */
export const SEARCH_BACKFILL_CHUNK_ROWIDS = 2_000;
export const SEARCH_BACKFILL_BUDGET_MS = 20_000;
/** How long one minute's run copies stored logs into log_facts (migration 0014), after the search backfill, in chunks of the same size. */
export const LOG_FACTS_BACKFILL_BUDGET_MS = 10_000;
