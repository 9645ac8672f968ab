// OTLP/HTTP answers: Export{Trace,Logs}ServiceResponse on success (partial_success when records were refused)
// and google.rpc.Status on every failure, each in the encoding of the request. A JSON failure also
// carries the API's error envelope (`error: {code, message}`), so one client reads both the same way.
import { create, toBinary, toJson } from "@bufbuild/protobuf";
import type { Context, ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { ApiError, errorBody } from "../errors";
import { encodingOf, type OtlpEncoding } from "./decode";
import { ExportLogsServiceResponseSchema } from "./proto/otlp_logs_pb";
import { ExportTraceServiceResponseSchema, StatusSchema } from "./proto/otlp_trace_pb";

const PROTOBUF = "application/x-protobuf";

/** Through the context, so headers set along the way (Idempotent-Replayed) are kept. */
function encoded(
  c: Context,
  encoding: OtlpEncoding,
  bytes: Uint8Array,
  json: unknown,
  status: number,
  headers: Record<string, string> = {},
) {
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  c.status(status as never);
  if (encoding === "protobuf") {
    c.header("content-type", PROTOBUF);
    return c.body(bytes as Uint8Array<ArrayBuffer>);
  }
  return c.json(json as object);
}

/** What an export's answer says beyond success: records refused, or (count 0) a warning, as OTLP allows. */
export type PartialSuccess = { count: number; message: string };

function partial(p: PartialSuccess | undefined) {
  return p && (p.count > 0 || p.message) ? p : undefined;
}

export function exportResponse(c: Context, encoding: OtlpEncoding, rejected?: PartialSuccess) {
  const p = partial(rejected);
  const message = create(ExportTraceServiceResponseSchema, {
    partialSuccess: p ? { rejectedSpans: BigInt(p.count), errorMessage: p.message } : undefined,
  });
  return encoded(c, encoding, toBinary(ExportTraceServiceResponseSchema, message), toJson(ExportTraceServiceResponseSchema, message), 200);
}

export function exportLogsResponse(c: Context, encoding: OtlpEncoding, rejected?: PartialSuccess) {
  const p = partial(rejected);
  const message = create(ExportLogsServiceResponseSchema, {
    partialSuccess: p ? { rejectedLogRecords: BigInt(p.count), errorMessage: p.message } : undefined,
  });
  return encoded(c, encoding, toBinary(ExportLogsServiceResponseSchema, message), toJson(ExportLogsServiceResponseSchema, message), 200);
}

/** google.rpc.Code for an HTTP status (the codes gRPC maps to the same statuses). */
const RPC_CODE: Record<number, number> = { 400: 3, 401: 16, 403: 7, 404: 5, 413: 8, 415: 3, 429: 8, 500: 13, 503: 14 };

/** Retry-After for failures that may pass on a later try (OTLP's retryable 503). */
const UNAVAILABLE_RETRY_SECONDS = 5;

function statusResponse(
  c: Context,
  encoding: OtlpEncoding,
  status: number,
  code: string,
  message: string,
  headers?: Record<string, string>,
) {
  const rpc = create(StatusSchema, { code: RPC_CODE[status] ?? 2, message });
  const json = { ...(toJson(StatusSchema, rpc) as object), ...errorBody(code, message) };
  return encoded(c, encoding, toBinary(StatusSchema, rpc), json, status, headers);
}

/**
 * The OTLP route's error renderer. Storage failures are answered 503 with Retry-After (retryable), not
 * 500: an exporter drops data on 500 but retries 503, and a D1 hiccup passes.
 */
export const otlpError: ErrorHandler = (err, c) => {
  const encoding = encodingOf(c.req.header("content-type")) ?? "json";
  if (err instanceof ApiError) return statusResponse(c, encoding, err.status, err.code, err.message, err.headers);
  if (err instanceof HTTPException) return statusResponse(c, encoding, err.status, "error", err.message || "Request failed");
  console.error("otlp export failed", err);
  return statusResponse(c, encoding, 503, "unavailable", "Storage is unavailable; retry later", {
    "Retry-After": String(UNAVAILABLE_RETRY_SECONDS),
  });
};
