// OTLP/HTTP trace ingestion (issue 12): POST /api/otel/v1/traces, so an OpenTelemetry exporter whose
// endpoint is `<origin>/api/otel` sends here unchanged. Model-call spans become prompt logs through
// the one ingestion pipeline; other spans are accepted and ignored. Answers follow OTLP/HTTP: 200 with
// ExportTraceServiceResponse (partial_success for refused spans), google.rpc.Status on failures.
import { Hono } from "hono";
import { BATCH_MAX_LOGS, MAX_BATCH_BODY_BYTES, OTLP_MAX_DECODED_BYTES } from "../../../schema/constants";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { ingestionQuota, ingestLogs } from "../ingestion/ingest-logs";
import { bodyBoundedByHandler } from "../middleware/body-limit";
import { guard } from "../middleware/guard";
import { chargeIngestion, ingestRateLimit } from "../middleware/rate-limit";
import { collectLogs, refusalMessage, spansKey } from "../otel/collect";
import { decodeRequest, encodingOf, readBody } from "../otel/decode";
import { exportResponse, otlpError } from "../otel/respond";

export const OTLP_TRACES_PATH = "/otel/v1/traces";

export const otelRoutes = new Hono<AppEnv>()
  .post(
    OTLP_TRACES_PATH,
    bodyBoundedByHandler,
    ...guard("logs:write", {
      summary:
        "OTLP/HTTP trace export (set an exporter's endpoint to `<origin>/api/otel`): `application/x-protobuf` or `application/json`, optionally `Content-Encoding: gzip`. Each model-call span (GenAI, OpenLLMetry or OpenInference conventions) becomes a log; other spans are ignored. Answers ExportTraceServiceResponse in the request's encoding, with `partial_success` for refused spans; failures answer a google.rpc.Status (in JSON also the error envelope)",
      tag: "Ingestion",
      answers: {
        200: {
          description: "ExportTraceServiceResponse (protobuf or JSON, as sent), `partial_success` naming refused spans",
          content: { "application/x-protobuf": { schema: { type: "string" } }, "application/json": { schema: { type: "object" } } },
        },
      },
      errors: {
        400: "`invalid_otlp`: the body is not an ExportTraceServiceRequest in the named encoding, or not gzip",
        413: "`payload_too_large`: over 10 MB as sent or 16 MB decompressed",
        415: "`unsupported_media_type`: a Content-Type other than protobuf or JSON, or a Content-Encoding other than gzip",
        429: "`rate_limited` (each 500 model-call spans count as one ingestion request) or `quota_exceeded`: retry after Retry-After (model-call spans past the quota are refused in partial_success)",
        503: "`unavailable`: storage failed; retry after Retry-After",
      },
    }),
    ingestRateLimit,
    async (c) => {
      const encoding = encodingOf(c.req.header("content-type"));
      if (!encoding) throw new ApiError(415, "unsupported_media_type", "Content-Type must be application/x-protobuf or application/json");
      const request = decodeRequest(await readBody(c.req.raw, MAX_BATCH_BODY_BYTES, OTLP_MAX_DECODED_BYTES), encoding);
      const { inputs, spanIds, refs, refused } = collectLogs(request);
      // The request's unit (ingestRateLimit) covers a batch's worth of model calls; each further
      // BATCH_MAX_LOGS count as another request, so one large export costs what its batches would.
      const units = Math.ceil(inputs.length / BATCH_MAX_LOGS);
      await chargeIngestion(
        c,
        units - 1,
        `, and this export's ${inputs.length.toLocaleString("en-US")} model-call spans count as ${units} (one per ${BATCH_MAX_LOGS})`,
      );
      if (inputs.length) {
        // Quota per span: what fits is stored, the rest refused in partial_success; none fits → 429.
        const quota = await ingestionQuota(c);
        quota.assertRoom(1);
        const headroom = quota.left;
        const fits = headroom === null ? inputs.length : Math.min(headroom, inputs.length);
        for (const spanId of spanIds.slice(fits)) refused.push({ spanId, reason: "over the plan's prompt quota" });
        for (let i = 0; i < fits; i += BATCH_MAX_LOGS) {
          const end = Math.min(fits, i + BATCH_MAX_LOGS);
          // Keyed by its spans: a retried export replays each chunk its first attempt stored.
          await ingestLogs(c, inputs.slice(i, end), { idempotencyKey: await spansKey(refs.slice(i, end)), idempotencyKind: "batch" });
        }
      }
      return exportResponse(c, encoding, refused.length ? { count: refused.length, message: refusalMessage(refused) } : undefined);
    },
  )
  .onError(otlpError);
