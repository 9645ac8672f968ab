// OTLP/HTTP trace ingestion (issue 12): POST /api/otel/v1/traces, so an OpenTelemetry exporter whose
// endpoint is `<origin>/api/otel` sends here unchanged. Model-call spans become prompt logs through
// the one ingestion pipeline; other spans are accepted and ignored. Answers follow OTLP/HTTP: 200 with
// ExportTraceServiceResponse (partial_success for refused spans), google.rpc.Status on failures.
import { Hono } from "hono";
import { BATCH_MAX_LOGS, MAX_BATCH_BODY_BYTES, OTLP_MAX_DECODED_BYTES } from "../../../schema/constants";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { ingestLogs } from "../ingestion/ingest-logs";
import { requirePermission, requirePrincipal } from "../middleware/auth";
import { bodyBoundedByHandler } from "../middleware/body-limit";
import { ingestRateLimit } from "../middleware/rate-limit";
import { collectLogs, refusalMessage, spansKey } from "../otel/collect";
import { decodeRequest, encodingOf, readBody } from "../otel/decode";
import { exportResponse, otlpError } from "../otel/respond";
import { quotaHeadroom } from "../ingestion/store-logs";

export const OTLP_TRACES_PATH = "/otel/v1/traces";

export const otelRoutes = new Hono<AppEnv>()
  .post(OTLP_TRACES_PATH, bodyBoundedByHandler, requirePermission("logs:write"), ingestRateLimit, async (c) => {
    const encoding = encodingOf(c.req.header("content-type"));
    if (!encoding) throw new ApiError(415, "unsupported_media_type", "Content-Type must be application/x-protobuf or application/json");
    const request = decodeRequest(await readBody(c.req.raw, MAX_BATCH_BODY_BYTES, OTLP_MAX_DECODED_BYTES), encoding);
    const { inputs, spanIds, refs, refused } = collectLogs(request);
    if (inputs.length) {
      // Quota per span: what fits is stored, the rest refused in partial_success; none fits → 429.
      const headroom = await quotaHeadroom(c.var.db, requirePrincipal(c).orgId);
      const fits = headroom === null ? inputs.length : Math.min(headroom, inputs.length);
      for (const spanId of spanIds.slice(fits)) refused.push({ spanId, reason: "over the plan's prompt quota" });
      for (let i = 0; i < fits; i += BATCH_MAX_LOGS) {
        const end = Math.min(fits, i + BATCH_MAX_LOGS);
        // Keyed by its spans: a retried export replays each chunk its first attempt stored.
        await ingestLogs(c, inputs.slice(i, end), { idempotencyKey: await spansKey(refs.slice(i, end)), idempotencyKind: "batch" });
      }
    }
    return exportResponse(c, encoding, refused.length ? { count: refused.length, message: refusalMessage(refused) } : undefined);
  })
  .onError(otlpError);
