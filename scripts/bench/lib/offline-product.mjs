// The worker's functions the offline fill runs (lib/offline-fill.mjs), in one module so one tsImport
// loads them all (each tsImport call loads its modules anew). Plain JavaScript: the scripts' type
// check (tsconfig.json) has no Workers types, which these modules need.
export * as valibot from "valibot";
export { logBatchBody } from "@promptsentry/schema/requests/logs";
export { DATA_SHARDS } from "@promptsentry/schema/shards";
export { ingestContext, writeStatements } from "../../../worker/src/queries/ingestion.ts";
export { storedIdempotencyKeys } from "../../../worker/src/queries/idempotency.ts";
export { buildRow } from "../../../worker/src/ingestion/build-row.ts";
export { orgFingerprinter } from "../../../worker/src/ingestion/group-commit.ts";
export { logIdStamper } from "../../../worker/src/lib/ids.ts";
export { createDb } from "../../../worker/src/tenancy/db.ts";
export { segmentAt, segmentsOf } from "../../../worker/src/tenancy/segments.ts";
export { rollSegments } from "../../../worker/src/schedules/segments.ts";
export { indexQueuedChunk } from "../../../worker/src/schedules/search-backfill.ts";
export { INDEX_QUEUE_CHUNK_LOGS } from "@promptsentry/schema/constants/ingestion";
