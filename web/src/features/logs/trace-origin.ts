// The OpenTelemetry origin of a log that came in over OTLP (POST /api/otel/v1/traces): the worker
// keeps trace id, span id and service.name in `metadata.otel`; other logs have none.
export type TraceOrigin = { traceId: string; spanId: string; serviceName: string | null };

export function traceOrigin(metadata: Record<string, unknown> | null | undefined): TraceOrigin | null {
  const otel = metadata?.otel;
  if (!otel || typeof otel !== "object" || Array.isArray(otel)) return null;
  const { traceId, spanId, serviceName } = otel as Record<string, unknown>;
  if (typeof traceId !== "string" || typeof spanId !== "string") return null;
  return { traceId, spanId, serviceName: typeof serviceName === "string" ? serviceName : null };
}
