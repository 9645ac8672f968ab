// Reading an OTLP/HTTP trace or logs export: content type (protobuf or JSON), optional gzip, and both the body
// as sent and the gunzipped body bounded, so an oversized or zip-bomb body is a 413, not an OOM.
import { fromBinary, fromJson, type DescMessage, type JsonValue, type MessageShape } from "@bufbuild/protobuf";
import { base64Encode } from "@bufbuild/protobuf/wire";
import { ApiError, badRequest } from "../errors";
import { ExportLogsServiceRequestSchema, type ExportLogsServiceRequest } from "./proto/otlp_logs_pb";
import { ExportTraceServiceRequestSchema, type ExportTraceServiceRequest } from "./proto/otlp_trace_pb";

export type OtlpEncoding = "protobuf" | "json";

/** The encoding a Content-Type names; null for anything OTLP/HTTP does not define. */
export function encodingOf(contentType: string | undefined): OtlpEncoding | null {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/x-protobuf" || type === "application/protobuf") return "protobuf";
  if (type === "application/json") return "json";
  return null;
}

const tooLarge = (what: string, limit: number) =>
  new ApiError(413, "payload_too_large", `${what} exceeds ${Math.round(limit / (1024 * 1024))} MB`);

async function collect(stream: ReadableStream<Uint8Array> | null, limit: number, what: string): Promise<Uint8Array> {
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Stop reading (and decompressing) at the bound rather than after the whole body.
      await reader.cancel().catch(() => undefined);
      throw tooLarge(what, limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** The body's bytes, gunzipped when `Content-Encoding: gzip`; 413 past either bound, 415 for other encodings. */
export async function readBody(req: Request, wireLimit: number, decodedLimit: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > wireLimit) throw tooLarge("Request body", wireLimit);
  const encoding = (req.headers.get("content-encoding") ?? "identity").trim().toLowerCase();
  if (encoding !== "gzip" && encoding !== "identity") {
    throw new ApiError(415, "unsupported_media_type", `Content-Encoding '${encoding}' is not supported; send gzip or none`);
  }
  const wire = await collect(req.body, wireLimit, "Request body");
  if (encoding === "identity") return wire;
  try {
    return await collect(new Blob([wire]).stream().pipeThrough(new DecompressionStream("gzip")), decodedLimit, "Decompressed body");
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw badRequest("The body is not valid gzip", undefined, "invalid_otlp");
  }
}

const HEX = /^(?:[0-9a-fA-F]{2})*$/;

/** OTLP/JSON writes trace and span ids as hex, where protobuf JSON expects base64. */
function hexToBase64(value: unknown, field: string): unknown {
  if (typeof value !== "string") return value;
  if (!HEX.test(value)) throw badRequest(`${field} must be hexadecimal`, undefined, "invalid_otlp");
  const bytes = new Uint8Array(value.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(value.slice(i * 2, i * 2 + 2), 16);
  return base64Encode(bytes);
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Where a signal's records sit in its export request's JSON, and their id fields. */
type JsonPath = readonly [resources: string, scopes: string, records: string];
const SPANS: JsonPath = ["resourceSpans", "scopeSpans", "spans"];
const LOG_RECORDS: JsonPath = ["resourceLogs", "scopeLogs", "logRecords"];
const ID_FIELDS = ["traceId", "spanId", "parentSpanId"];

function idsToBase64(json: unknown, [resources, scopes, records]: JsonPath) {
  for (const r of list(isRecord(json) ? json[resources] : undefined)) {
    for (const s of list(isRecord(r) ? r[scopes] : undefined)) {
      for (const record of list(isRecord(s) ? s[records] : undefined)) {
        if (!isRecord(record)) continue;
        for (const field of ID_FIELDS) {
          if (field in record) record[field] = hexToBase64(record[field], field);
        }
      }
    }
  }
}

/** Decodes an export request; 400 (code invalid_otlp) for anything that is not one. */
function decodeExport<Desc extends DescMessage>(
  schema: Desc,
  path: JsonPath,
  bytes: Uint8Array,
  encoding: OtlpEncoding,
): MessageShape<Desc> {
  const name = schema.name;
  try {
    if (encoding === "protobuf") return fromBinary(schema, bytes);
    const json: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes));
    if (!isRecord(json)) throw badRequest(`The body must be an ${name} object`, undefined, "invalid_otlp");
    idsToBase64(json, path);
    // OTLP: receivers ignore fields they do not know.
    return fromJson(schema, json as JsonValue, { ignoreUnknownFields: true });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw badRequest(`Not a valid OTLP ${encoding === "json" ? "JSON" : "protobuf"} ${name}: ${detail}`, undefined, "invalid_otlp");
  }
}

export const decodeRequest = (bytes: Uint8Array, encoding: OtlpEncoding): ExportTraceServiceRequest =>
  decodeExport(ExportTraceServiceRequestSchema, SPANS, bytes, encoding);

export const decodeLogsRequest = (bytes: Uint8Array, encoding: OtlpEncoding): ExportLogsServiceRequest =>
  decodeExport(ExportLogsServiceRequestSchema, LOG_RECORDS, bytes, encoding);
