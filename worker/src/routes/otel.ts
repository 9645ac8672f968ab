// OTLP/HTTP ingestion (docs/otel.md): POST /api/otel/v1/traces and /api/otel/v1/logs, so an OpenTelemetry exporter
// whose endpoint is `<origin>/api/otel` sends here unchanged. Model-call spans become prompt logs
// through the one ingestion pipeline; a model-call span without a prompt waits for its GenAI log
// events (otel/pending.ts), and those events for it, whichever comes first. Other spans and log
// records are accepted and ignored. Answers follow OTLP/HTTP: 200 with Export{Trace,Logs}ServiceResponse
// (partial_success for refused records), google.rpc.Status on failures.
import type { Context } from "hono";
import { Hono } from "hono";
import { BATCH_MAX_LOGS, MAX_BATCH_BODY_BYTES, OTLP_MAX_DECODED_BYTES } from "@promptsentry/schema/constants/ingestion";
import type { AppEnv, Db } from "../env";
import { ApiError } from "../errors";
import { ingestionQuota, ingestLogs } from "../ingestion/ingest-logs";
import { requirePrincipal } from "../middleware/auth";
import { bodyBoundedByHandler } from "../middleware/body-limit";
import { guard } from "../middleware/guard";
import { chargeIngestion, ingestRateLimit } from "../middleware/rate-limit";
import { ingestClaimed, type ClaimedOutcome } from "../otel/claimed";
import { collectLogs, refusalMessage, spansKey, type Refusal } from "../otel/collect";
import { decodeLogsRequest, decodeRequest, encodingOf, readBody, type OtlpEncoding } from "../otel/decode";
import { eventFlags } from "../otel/join";
import { collectEvents } from "../otel/log-events";
import { fitsPending, holdAndClaim, openClaimed, putBack, sealParts, PENDING_TTL_MS, type Part } from "../otel/pending";
import { exportLogsResponse, exportResponse, otlpError } from "../otel/respond";
import { sealKeys } from "../otel/seal";

export const OTLP_TRACES_PATH = "/otel/v1/traces";
export const OTLP_LOGS_PATH = "/otel/v1/logs";

const CAPTURE_HINT = "set OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true to capture them";
const TTL_MINUTES = PENDING_TTL_MS / 60_000;

/** The export's body, bounded by the route itself (10 MB as sent, 16 MB gunzipped) and decoded; 415 for other types. */
async function readExport<T>(c: Context<AppEnv>, decode: (bytes: Uint8Array, encoding: OtlpEncoding) => T) {
  const encoding = encodingOf(c.req.header("content-type"));
  if (!encoding) throw new ApiError(415, "unsupported_media_type", "Content-Type must be application/x-protobuf or application/json");
  return { encoding, request: decode(await readBody(c.req.raw, MAX_BATCH_BODY_BYTES, OTLP_MAX_DECODED_BYTES), encoding) };
}

/**
 * The request's unit (ingestRateLimit) covers a batch's worth of model calls; each further
 * BATCH_MAX_LOGS count as another request, so one large export costs what its batches would.
 */
async function chargeCalls(c: Context<AppEnv>, calls: number, what: string) {
  const units = Math.ceil(calls / BATCH_MAX_LOGS);
  await chargeIngestion(
    c,
    units - 1,
    `, and this export's ${calls.toLocaleString("en-US")} ${what} count as ${units} (one per ${BATCH_MAX_LOGS})`,
  );
}

const dataD1 = (c: Context<AppEnv>) => (c.var.data as Db & { $client: D1Database }).$client;

/** Holds the parts, claims the sets they complete, and stores those through the pipeline within `headroom`. */
async function joinParts(c: Context<AppEnv>, parts: Part[], headroom: number | null): Promise<ClaimedOutcome> {
  const { orgId, keyId } = requirePrincipal(c);
  const keys = await sealKeys(c.env.SESSION_SECRET, orgId);
  const d1 = dataD1(c);
  const claimed = await holdAndClaim(d1, orgId, await sealParts(keys, orgId, parts, keyId, Date.now()));
  if (!claimed.length) return { stored: 0, refused: [] };
  const sets = await openClaimed(keys, orgId, claimed);
  return ingestClaimed(
    sets,
    headroom,
    // Stored with this request's key: the credential that completed the call.
    async (inputs, idempotencyKey) => void (await ingestLogs(c, inputs, { idempotencyKey, idempotencyKind: "batch" })),
    (rows) => putBack(d1, orgId, rows),
  );
}

/** How many more logs fit the plan's quota now (null: no quota); 429 when none does. */
async function quotaOf(c: Context<AppEnv>): Promise<number | null> {
  const quota = await ingestionQuota(c);
  quota.assertRoom(1);
  return quota.left;
}
const minus = (headroom: number | null, used: number) => (headroom === null ? null : Math.max(0, headroom - used));
const joinWith = (...parts: string[]) => parts.filter(Boolean).join("; ");

const ERRORS = {
  413: "`payload_too_large`: over 10 MB as sent or 16 MB decompressed",
  415: "`unsupported_media_type`: a Content-Type other than protobuf or JSON, or a Content-Encoding other than gzip",
  503: "`unavailable`: storage failed; retry after Retry-After",
};
const ENCODED = { "application/x-protobuf": { schema: { type: "string" } }, "application/json": { schema: { type: "object" } } } as const;

export const otelRoutes = new Hono<AppEnv>()
  .post(
    OTLP_TRACES_PATH,
    bodyBoundedByHandler,
    ...guard("logs:write", {
      summary:
        "OTLP/HTTP trace export (set an exporter's endpoint to `<origin>/api/otel`): `application/x-protobuf` or `application/json`, optionally `Content-Encoding: gzip`. Each model-call span (GenAI, OpenLLMetry or OpenInference conventions) becomes a log; a model-call span without a prompt waits for its GenAI log events (POST /api/otel/v1/logs); other spans are ignored. Answers ExportTraceServiceResponse in the request's encoding, with `partial_success` for refused spans; failures answer a google.rpc.Status (in JSON also the error envelope)",
      tag: "Ingestion",
      answers: {
        200: {
          description: "ExportTraceServiceResponse (protobuf or JSON, as sent), `partial_success` naming refused spans",
          content: ENCODED,
        },
      },
      errors: {
        400: "`invalid_otlp`: the body is not an ExportTraceServiceRequest in the named encoding, or not gzip",
        ...ERRORS,
        429: "`rate_limited` (each 500 model-call spans count as one ingestion request) or `quota_exceeded`: retry after Retry-After (model-call spans past the quota are refused in partial_success)",
      },
    }),
    ingestRateLimit,
    async (c) => {
      const { encoding, request } = await readExport(c, decodeRequest);
      const { inputs, spanIds, refs, held, refused } = collectLogs(request);
      const parts: Part[] = [];
      for (const h of held) {
        const part: Part = {
          traceId: h.traceId,
          spanId: h.spanId,
          kind: "span",
          hasInput: false,
          hasOutput: h.hasOutput,
          failed: h.failed,
          plain: JSON.stringify(h.payload),
        };
        if (fitsPending(part)) parts.push(part);
        else refused.push({ spanId: h.spanId, reason: "span over 1 MB" });
      }
      await chargeCalls(c, inputs.length + parts.length, "model-call spans");
      // Quota per span: what fits is stored, the rest refused in partial_success; none fits → 429.
      const headroom = inputs.length || parts.length ? await quotaOf(c) : null;
      const fits = headroom === null ? inputs.length : Math.min(headroom, inputs.length);
      for (const spanId of spanIds.slice(fits)) refused.push({ spanId, reason: "over the plan's prompt quota" });
      for (let i = 0; i < fits; i += BATCH_MAX_LOGS) {
        const end = Math.min(fits, i + BATCH_MAX_LOGS);
        // Keyed by its spans: a retried export replays each chunk its first attempt stored.
        await ingestLogs(c, inputs.slice(i, end), { idempotencyKey: await spansKey(refs.slice(i, end)), idempotencyKind: "batch" });
      }
      let warning = "";
      if (parts.length) {
        const joined = await joinParts(c, parts, minus(headroom, fits));
        refused.push(...joined.refused);
        const waiting = parts.length - joined.stored - joined.refused.length;
        // Not refused: its events may still come (OTLP: a partial_success without rejections is a warning).
        if (waiting > 0)
          warning = `${waiting} model-call span${waiting === 1 ? "" : "s"} without a prompt wait up to ${TTL_MINUTES} minutes for their GenAI log events (POST /api/otel/v1/logs); if the instrumentation records no content, ${CAPTURE_HINT}`;
      }
      const message = joinWith(refused.length ? refusalMessage(refused) : "", warning);
      return exportResponse(c, encoding, message ? { count: refused.length, message } : undefined);
    },
  )
  .post(
    OTLP_LOGS_PATH,
    bodyBoundedByHandler,
    ...guard("logs:write", {
      summary:
        "OTLP/HTTP logs export (the same endpoint `<origin>/api/otel`; `OTEL_LOGS_EXPORTER=otlp`): `application/x-protobuf` or `application/json`, optionally `Content-Encoding: gzip`. GenAI event records (`gen_ai.system.message`, `gen_ai.user.message`, `gen_ai.assistant.message`, `gen_ai.tool.message`, `gen_ai.choice`, `gen_ai.client.inference.operation.details`) are joined by trace and span id to their model-call span, sent before or after in any export, and the call becomes one log; other records are ignored. Answers ExportLogsServiceResponse in the request's encoding, with `partial_success` for refused records; failures answer a google.rpc.Status (in JSON also the error envelope)",
      tag: "Ingestion",
      answers: {
        200: {
          description: "ExportLogsServiceResponse (protobuf or JSON, as sent), `partial_success` naming refused records",
          content: ENCODED,
        },
      },
      errors: {
        400: "`invalid_otlp`: the body is not an ExportLogsServiceRequest in the named encoding, or not gzip",
        ...ERRORS,
        429: "`rate_limited` (the events of each 500 spans count as one ingestion request) or `quota_exceeded`: retry after Retry-After (calls past the quota are refused in partial_success)",
      },
    }),
    ingestRateLimit,
    async (c) => {
      const { encoding, request } = await readExport(c, decodeLogsRequest);
      const { groups, refused, refusedRecords } = collectEvents(request);
      let rejected = refusedRecords;
      const parts: Part[] = [];
      const records = new Map<string, number>();
      let empty = 0;
      for (const g of groups) {
        const flags = eventFlags(g.events);
        // Events without any message text (content capture off) can complete nothing.
        if (!flags.hasInput && !flags.hasOutput) {
          empty += g.events.length;
          continue;
        }
        const part: Part = {
          traceId: g.traceId,
          spanId: g.spanId,
          kind: "events",
          ...flags,
          failed: false,
          plain: JSON.stringify(g.events),
        };
        if (!fitsPending(part)) {
          refused.push({ spanId: g.spanId, reason: "events over 1 MB" });
          rejected += g.events.length;
          continue;
        }
        parts.push(part);
        records.set(`${g.traceId}:${g.spanId}`, g.events.length);
      }
      await chargeCalls(c, parts.length, "spans with GenAI events");
      if (parts.length) {
        const joined = await joinParts(c, parts, await quotaOf(c));
        refused.push(...joined.refused);
        for (const r of joined.refused) rejected += records.get(r.ref) ?? 0;
      }
      const warning = empty ? `${empty} GenAI event${empty === 1 ? "" : "s"} carry no message content; ${CAPTURE_HINT}` : "";
      const message = joinWith(refused.length ? refusalMessage(refused as Refusal[], "GenAI event group") : "", warning);
      return exportLogsResponse(c, encoding, message ? { count: rejected, message } : undefined);
    },
  )
  .onError(otlpError);
