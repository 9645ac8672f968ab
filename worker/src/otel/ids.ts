// Trace and span ids, shared by spans (otel/collect.ts) and log events (otel/log-events.ts).

/** A record refused, by the span it names, with why. */
export type Refusal = { spanId: string; reason: string };

/** Trace and span ids as hex: 16 and 8 bytes. */
const TRACE_ID_HEX = 32;
const SPAN_ID_HEX = 16;
const allZero = (hex: string) => /^0*$/.test(hex);

/**
 * Why a span's ids are invalid (OTLP: a trace id is 16 bytes and a span id 8, neither all zero), or
 * null. A span is stored under its ids (the idempotency key of its chunk is made of them), so spans
 * without real ids would all share one key and a later export would be taken for a retry and dropped.
 */
export function invalidIds(traceId: string, spanId: string): string | null {
  if (traceId.length !== TRACE_ID_HEX || allZero(traceId)) return "invalid trace_id (16 bytes, not all zero)";
  if (spanId.length !== SPAN_ID_HEX || allZero(spanId)) return "invalid span_id (8 bytes, not all zero)";
  return null;
}
