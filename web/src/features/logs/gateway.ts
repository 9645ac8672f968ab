// What the details dialog shows of a gateway call (docs/gateway.md#what-is-logged): read from the log's metadata.gateway,
// which the worker writes (worker/src/routes/gateway.ts); anything else there is ignored.
export type GatewayFacts = {
  upstream: string | null;
  status: number | null;
  stream: boolean;
  firstTokenMs: number | null;
  totalMs: number | null;
};

const num = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x : null);

export function gatewayFacts(metadata: Record<string, unknown> | null | undefined): GatewayFacts | null {
  const g = metadata?.gateway;
  if (!g || typeof g !== "object" || Array.isArray(g)) return null;
  const m = g as Record<string, unknown>;
  return {
    upstream: typeof m.upstream === "string" ? m.upstream : null,
    status: num(m.status),
    stream: m.stream === true,
    firstTokenMs: num(m.firstTokenMs),
    totalMs: num(m.totalMs),
  };
}
