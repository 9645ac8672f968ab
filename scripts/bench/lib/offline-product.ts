// The worker's functions the offline fill runs (lib/offline-fill.mjs), in one module so one tsImport
// loads them all (each tsImport call loads its modules anew).
export * as valibot from "valibot";
export { logBatchBody } from "@promptsentry/schema/requests/logs";
export { DATA_SHARDS } from "@promptsentry/schema/shards";
export { ingestContext, writeStatements } from "../../../worker/src/queries/ingestion";
export { storedIdempotencyKeys } from "../../../worker/src/queries/idempotency";
export { buildRow } from "../../../worker/src/ingestion/build-row";
export { orgFingerprinter } from "../../../worker/src/ingestion/group-commit";
export { logIdStamper } from "../../../worker/src/lib/ids";
export { createDb } from "../../../worker/src/tenancy/db";
export { segmentAt, segmentsOf } from "../../../worker/src/tenancy/segments";
export { rollSegments } from "../../../worker/src/schedules/segments";
