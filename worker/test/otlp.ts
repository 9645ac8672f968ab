// Builders of OTLP trace export requests for the route tests: the same spans as OTLP/JSON (hex ids,
// camelCase, int64 as strings) or as protobuf bytes, optionally gzipped.
import { create, toBinary } from "@bufbuild/protobuf";
import { exports } from "cloudflare:workers";
import { ExportLogsServiceRequestSchema } from "../src/otel/proto/otlp_logs_pb";
import { AnyValueSchema, ExportTraceServiceRequestSchema, type AnyValue } from "../src/otel/proto/otlp_trace_pb";
import { BASE } from "./helpers";

export type Plain = string | number | boolean | Plain[] | { [k: string]: Plain };
export type TestSpan = {
  name?: string;
  attrs?: Record<string, Plain>;
  events?: { name: string; attrs?: Record<string, Plain> }[];
  durationMs?: number;
  traceId?: string;
  spanId?: string;
  /** OTLP StatusCode: 0 unset, 1 ok, 2 error. */
  status?: number;
};
export type TestExport = { resource?: Record<string, Plain>; spans: TestSpan[] };

const randomHex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
export const START_NS = 1_763_900_000_000_000_000n;

function jsonValue(v: Plain): Record<string, unknown> {
  if (typeof v === "string") return { stringValue: v };
  if (typeof v === "boolean") return { boolValue: v };
  if (typeof v === "number") return Number.isInteger(v) ? { intValue: String(v) } : { doubleValue: v };
  if (Array.isArray(v)) return { arrayValue: { values: v.map(jsonValue) } };
  return { kvlistValue: { values: jsonAttrs(v) } };
}
const jsonAttrs = (a: Record<string, Plain> = {}) => Object.entries(a).map(([key, value]) => ({ key, value: jsonValue(value) }));

/** Fills in ids so a test can refer to them. */
export function withIds(exp: TestExport): Omit<TestExport, "spans"> & { spans: (TestSpan & { traceId: string; spanId: string })[] } {
  const traceId = randomHex(16);
  return { ...exp, spans: exp.spans.map((s) => ({ ...s, traceId: s.traceId ?? traceId, spanId: s.spanId ?? randomHex(8) })) };
}

export function otlpJson(exp: TestExport) {
  const e = withIds(exp);
  return {
    resourceSpans: [
      {
        resource: { attributes: jsonAttrs(e.resource ?? { "service.name": "test-service" }) },
        scopeSpans: [
          {
            scope: { name: "test-scope", version: "1.0.0" },
            spans: e.spans.map((s) => ({
              traceId: s.traceId,
              spanId: s.spanId,
              name: s.name ?? "chat gpt-4o",
              kind: 3,
              startTimeUnixNano: String(START_NS),
              endTimeUnixNano: String(START_NS + BigInt(s.durationMs ?? 1234) * 1_000_000n),
              attributes: jsonAttrs(s.attrs),
              events: (s.events ?? []).map((ev) => ({ name: ev.name, timeUnixNano: String(START_NS), attributes: jsonAttrs(ev.attrs) })),
              status: { code: s.status ?? 1 },
            })),
          },
        ],
      },
    ],
  };
}

function anyValue(v: Plain): AnyValue {
  if (typeof v === "string") return create(AnyValueSchema, { value: { case: "stringValue", value: v } });
  if (typeof v === "boolean") return create(AnyValueSchema, { value: { case: "boolValue", value: v } });
  if (typeof v === "number") {
    return create(AnyValueSchema, {
      value: Number.isInteger(v) ? { case: "intValue", value: BigInt(v) } : { case: "doubleValue", value: v },
    });
  }
  if (Array.isArray(v)) return create(AnyValueSchema, { value: { case: "arrayValue", value: { values: v.map(anyValue) } } });
  return create(AnyValueSchema, { value: { case: "kvlistValue", value: { values: pbAttrs(v) } } });
}
const pbAttrs = (a: Record<string, Plain> = {}) => Object.entries(a).map(([key, value]) => ({ key, value: anyValue(value) }));
const bytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));

export function otlpProtobuf(exp: TestExport): Uint8Array {
  const e = withIds(exp);
  return toBinary(
    ExportTraceServiceRequestSchema,
    create(ExportTraceServiceRequestSchema, {
      resourceSpans: [
        {
          resource: { attributes: pbAttrs(e.resource ?? { "service.name": "test-service" }) },
          scopeSpans: [
            {
              scope: { name: "test-scope" },
              spans: e.spans.map((s) => ({
                traceId: bytes(s.traceId),
                spanId: bytes(s.spanId),
                name: s.name ?? "chat gpt-4o",
                startTimeUnixNano: START_NS,
                endTimeUnixNano: START_NS + BigInt(s.durationMs ?? 1234) * 1_000_000n,
                attributes: pbAttrs(s.attrs),
                events: (s.events ?? []).map((ev) => ({ name: ev.name, timeUnixNano: START_NS, attributes: pbAttrs(ev.attrs) })),
                status: { code: s.status ?? 1 },
              })),
            },
          ],
        },
      ],
    }),
  );
}

export async function gzip(data: Uint8Array | string): Promise<Uint8Array> {
  const input = typeof data === "string" ? new TextEncoder().encode(data) : data;
  return new Uint8Array(await new Response(new Blob([input]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
}

export type OtlpResult = { status: number; headers: Headers; bytes: Uint8Array; json: any };

/** POSTs a body to /api/otel/v1/traces through the worker's fetch handler. */
export const postTraces = (body: BodyInit | null, headers: Record<string, string>) => postOtlp("traces", body, headers);
/** POSTs a body to /api/otel/v1/logs through the worker's fetch handler. */
export const postLogs = (body: BodyInit | null, headers: Record<string, string>) => postOtlp("logs", body, headers);

async function postOtlp(signal: "traces" | "logs", body: BodyInit | null, headers: Record<string, string>): Promise<OtlpResult> {
  const res = await exports.default.fetch(new Request(`${BASE}/api/otel/v1/${signal}`, { method: "POST", headers, body }));
  const raw = new Uint8Array(await res.arrayBuffer());
  let json: any = null;
  if (!(res.headers.get("content-type") ?? "").includes("protobuf")) json = raw.length ? JSON.parse(new TextDecoder().decode(raw)) : null;
  return { status: res.status, headers: res.headers, bytes: raw, json };
}

/**
 * A log record as the GenAI instrumentations emit it: the event name in `event_name` (or, with
 * `nameAs: "attribute"`, in the older `event.name` attribute), the message in the body.
 */
export type TestEvent = {
  name: string;
  body?: Plain;
  attrs?: Record<string, Plain>;
  traceId: string;
  spanId: string;
  /** Offset from START_NS in ms: the order events happened. */
  atMs?: number;
  nameAs?: "field" | "attribute";
};

const eventAttrs = (e: TestEvent) => (e.nameAs === "attribute" ? { "event.name": e.name, ...e.attrs } : (e.attrs ?? {}));
const eventTime = (e: TestEvent) => START_NS + BigInt(e.atMs ?? 0) * 1_000_000n;

export function otlpLogsJson(events: TestEvent[], resource: Record<string, Plain> = { "service.name": "test-service" }) {
  return {
    resourceLogs: [
      {
        resource: { attributes: jsonAttrs(resource) },
        scopeLogs: [
          {
            scope: { name: "opentelemetry.instrumentation.openai_v2", version: "2.1b0" },
            logRecords: events.map((e) => ({
              timeUnixNano: String(eventTime(e)),
              observedTimeUnixNano: String(eventTime(e)),
              severityNumber: 9,
              ...(e.nameAs === "attribute" ? {} : { eventName: e.name }),
              body: e.body === undefined ? undefined : jsonValue(e.body),
              attributes: jsonAttrs(eventAttrs(e)),
              traceId: e.traceId,
              spanId: e.spanId,
              flags: 1,
            })),
          },
        ],
      },
    ],
  };
}

export function otlpLogsProtobuf(events: TestEvent[], resource: Record<string, Plain> = { "service.name": "test-service" }): Uint8Array {
  return toBinary(
    ExportLogsServiceRequestSchema,
    create(ExportLogsServiceRequestSchema, {
      resourceLogs: [
        {
          resource: { attributes: pbAttrs(resource) },
          scopeLogs: [
            {
              scope: { name: "opentelemetry.instrumentation.openai_v2" },
              logRecords: events.map((e) => ({
                timeUnixNano: eventTime(e),
                observedTimeUnixNano: eventTime(e),
                eventName: e.nameAs === "attribute" ? "" : e.name,
                body: e.body === undefined ? undefined : anyValue(e.body),
                attributes: pbAttrs(eventAttrs(e)),
                traceId: bytes(e.traceId),
                spanId: bytes(e.spanId),
              })),
            },
          ],
        },
      ],
    }),
  );
}
