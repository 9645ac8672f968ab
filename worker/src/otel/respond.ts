// OTLP/HTTP answers: ExportTraceServiceResponse on success (partial_success when spans were refused)
// and google.rpc.Status on every failure, each in the encoding of the request. A JSON failure also
// carries the API's error envelope (`error: {code, message}`), so one client reads both the same way.
import { create, toBinary, toJson } from "@bufbuild/protobuf";
import type { ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { ApiError, errorBody } from "../errors";
import { encodingOf, type OtlpEncoding } from "./decode";
import { ExportTraceServiceResponseSchema, StatusSchema } from "./proto/otlp_trace_pb";

const PROTOBUF = "application/x-protobuf";

function encoded(encoding: OtlpEncoding, bytes: Uint8Array, json: unknown, status: number, headers: Record<string, string> = {}) {
  if (encoding === "protobuf") return new Response(bytes, { status, headers: { ...headers, "content-type": PROTOBUF } });
  return Response.json(json, { status, headers });
}

export function exportResponse(encoding: OtlpEncoding, rejected?: { count: number; message: string }) {
  const message = create(ExportTraceServiceResponseSchema, {
    partialSuccess: rejected && rejected.count > 0 ? { rejectedSpans: BigInt(rejected.count), errorMessage: rejected.message } : undefined,
  });
  return encoded(encoding, toBinary(ExportTraceServiceResponseSchema, message), toJson(ExportTraceServiceResponseSchema, message), 200);
}

/** google.rpc.Code for an HTTP status (the codes gRPC maps to the same statuses). */
const RPC_CODE: Record<number, number> = { 400: 3, 401: 16, 403: 7, 404: 5, 413: 8, 415: 3, 429: 8, 500: 13, 503: 14 };

/** Retry-After for failures that may pass on a later try (OTLP's retryable 503). */
const UNAVAILABLE_RETRY_SECONDS = 5;

function statusResponse(encoding: OtlpEncoding, status: number, code: string, message: string, headers?: Record<string, string>) {
  const rpc = create(StatusSchema, { code: RPC_CODE[status] ?? 2, message });
  const json = { ...(toJson(StatusSchema, rpc) as object), ...errorBody(code, message) };
  return encoded(encoding, toBinary(StatusSchema, rpc), json, status, headers);
}

/**
 * The OTLP route's error renderer. Storage failures are answered 503 with Retry-After (retryable), not
 * 500: an exporter drops data on 500 but retries 503, and a D1 hiccup passes.
 */
export const otlpError: ErrorHandler = (err, c) => {
  const encoding = encodingOf(c.req.header("content-type")) ?? "json";
  if (err instanceof ApiError) return statusResponse(encoding, err.status, err.code, err.message, err.headers);
  if (err instanceof HTTPException) return statusResponse(encoding, err.status, "error", err.message || "Request failed");
  console.error("otlp export failed", err);
  return statusResponse(encoding, 503, "unavailable", "Storage is unavailable; retry later", { "Retry-After": String(UNAVAILABLE_RETRY_SECONDS) });
};
