// Writing logs: request and value bounds (bad input is refused before anything is written,
// docs/api.md#errors) and group commit (docs/scaling.md).

export const BATCH_MAX_LOGS = 500;
export const MAX_BODY_BYTES = 1024 * 1024;
export const MAX_BATCH_BODY_BYTES = 10 * 1024 * 1024;
export const MAX_TEXT_CHARS = 200_000;
/**
 * OTLP trace export (POST /api/otel/v1/traces): the body as sent is bounded by MAX_BATCH_BODY_BYTES,
 * and once gunzipped by this, so a small zip bomb is refused (413) before it fills the isolate's memory.
 */
export const OTLP_MAX_DECODED_BYTES = 16 * 1024 * 1024;
/**
 * Group commit (worker/src/ingestion/committer.ts): the ingestion requests of an organization that
 * arrive while its previous write is in flight are written together in the next one. A flush takes
 * requests in arrival order up to these bounds (the first request always, so a full batch of
 * BATCH_MAX_LOGS goes alone); the rest wait for the following flush. Requests bound the context
 * read (a key re-read and an idempotency lookup each), logs and bytes the write batch.
 */
export const INGEST_FLUSH_MAX_REQUESTS = 64;
export const INGEST_FLUSH_MAX_LOGS = BATCH_MAX_LOGS;
export const INGEST_FLUSH_MAX_BYTES = 4 * 1024 * 1024;
/**
 * Under load (the committer's previous flush wrote more than one request, less than
 * INGEST_FLUSH_BUSY_MS ago) a flush starts this long after its first request arrived, unless the
 * bounds above fill first, so the requests on their way join it: a flush costs ≈ 3 D1 round trips
 * however many requests it writes, so larger groups cost less CPU a log (docs/performance.md). At
 * rest (a lone request, or one after a quiet spell) the flush starts at once: no added latency.
 */
export const INGEST_FLUSH_LINGER_MS = 10;
export const INGEST_FLUSH_BUSY_MS = 1_000;
/**
 * A committer keeps its organization's context (organization, settings, webhooks, integrations,
 * fingerprinter, quota usage and the key rows it checked) between flushes this long at most. The
 * routes that change them tell the committer before they answer (tenancy/context-cache.ts); the bound
 * covers what changes without telling it (a row edited by hand in the database).
 */
export const INGEST_CONTEXT_TTL_MS = 10_000;
/**
 * A flush that could leave less room than this under the plan's prompt quota reads usage again
 * rather than trust the count its committer keeps: near the limit every 429 is judged on D1's count.
 */
export const INGEST_USAGE_REREAD_MARGIN = INGEST_FLUSH_MAX_LOGS;

/**
 * Deferred search indexing (worker/src/ingestion/search-indexer.ts): a committer indexes the search
 * queue of a database once the logs it wrote there since its last run reach INDEX_QUEUE_MAX_LOGS, or
 * INDEX_QUEUE_IDLE_MS after the first of them (its alarm), in transactions of INDEX_QUEUE_CHUNK_LOGS
 * (about a second of indexing for logs of 1–2 KB, far from D1's 30 s limit). Reads check each queued
 * log's text, so the threshold also bounds what a search reads outside the index. 1,000 logs is two
 * full flushes, about half a second of indexing on a quiet machine; docs/performance.md has the
 * measured lag (#search-indexing-after-the-answer).
 */
export const INDEX_QUEUE_MAX_LOGS = 1_000;
export const INDEX_QUEUE_IDLE_MS = 1_000;
export const INDEX_QUEUE_CHUNK_LOGS = 2_000;

/**
 * Ceilings of the numbers a log carries. No real call comes near them; without them one value such
 * as `tokenCount: 1e308` is stored and turns every sum it joins (stats, cost tracking) into nonsense.
 */
export const MAX_TOKEN_COUNT = 10_000_000;
export const MAX_LATENCY_MS = 60 * 60 * 1000;
/** Cents: $10,000 for one call. */
export const MAX_ESTIMATED_COST_CENTS = 1_000_000;
/**
 * A log's `metadata`: a JSON object bounded in nesting depth (levels of objects and arrays, the root
 * being level 1), entries (keys and array items over all levels), key and string length, and size as
 * serialized JSON. Unbounded nesting stored fine and then broke serializing the answer (a 500 after
 * the write).
 */
export const METADATA_LIMITS = { depth: 8, entries: 256, keyChars: 100, stringChars: 4_000, jsonChars: 32_768 } as const;
/** Object keys refused at every level of `metadata`: they mean something to JavaScript objects. */
export const RESERVED_OBJECT_KEYS = ["__proto__", "constructor", "prototype"] as const;
