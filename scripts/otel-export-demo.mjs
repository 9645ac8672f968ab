// Sends real OpenTelemetry SDK spans to a running PromptSentry with the official OTLP/HTTP protobuf
// exporter (configured only by environment, as an application would be), then reads the logs back.
//   OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:8787/api/otel \
//   OTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer%20$(cat .wrangler/demo-api-key)" \
//   node scripts/otel-export-demo.mjs [exports=20] [model calls per export=50]
// Prints each export's result and the export latency p50/p95 (one HTTP round trip per export).
import { SpanKind } from "@opentelemetry/api";
import { ExportResultCode } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";

const exports = Number(process.argv[2] ?? 20);
const perExport = Number(process.argv[3] ?? 50);
const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
if (!endpoint || !process.env.OTEL_EXPORTER_OTLP_HEADERS) throw new Error("set OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_EXPORTER_OTLP_HEADERS");

const memory = new InMemorySpanExporter();
const provider = new BasicTracerProvider({
  resource: resourceFromAttributes({ "service.name": "otel-export-demo" }),
  spanProcessors: [new SimpleSpanProcessor(memory)],
});
const tracer = provider.getTracer("otel-export-demo");
const exporter = new OTLPTraceExporter();
const times = [];
for (let e = 0; e < exports; e++) {
  memory.reset();
  for (let i = 0; i < perExport; i++) {
    const end = Date.now();
    tracer
      .startSpan("chat gpt-4o-mini", {
        kind: SpanKind.CLIENT,
        startTime: end - 300,
        attributes: {
          "gen_ai.operation.name": "chat",
          "gen_ai.provider.name": "openai",
          "gen_ai.request.model": "gpt-4o-mini",
          "gen_ai.usage.input_tokens": 25,
          "gen_ai.usage.output_tokens": 10,
          "user.id": `demo-user-${i % 5}`,
          "gen_ai.input.messages": JSON.stringify([
            { role: "user", parts: [{ type: "text", content: `Demo question ${e}.${i}: summarize the release notes.` }] },
          ]),
          "gen_ai.output.messages": JSON.stringify([
            { role: "assistant", parts: [{ type: "text", content: "Three fixes and one feature." }] },
          ]),
        },
      })
      .end(end);
    tracer.startSpan("GET /healthz").end();
  }
  const spans = memory.getFinishedSpans();
  const t0 = performance.now();
  const result = await new Promise((resolve) => exporter.export(spans, resolve));
  times.push(performance.now() - t0);
  if (result.code !== ExportResultCode.SUCCESS) throw new Error(`export ${e} failed: ${result.error}`);
}
await exporter.shutdown();
await provider.shutdown();
times.sort((a, b) => a - b);
const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
console.log(`${exports} exports of ${perExport} model-call spans + ${perExport} other spans: all SUCCESS`);
console.log(
  `export latency p50 ${pct(50)} ms, p95 ${pct(95)} ms (${((perExport * exports) / (times.reduce((a, b) => a + b, 0) / 1000)).toFixed(0)} logs/s)`,
);
const origin = new URL(endpoint).origin;
const auth = decodeURIComponent(process.env.OTEL_EXPORTER_OTLP_HEADERS.split("=").slice(1).join("="));
const logs = await (await fetch(`${origin}/api/logs?limit=3`, { headers: { Authorization: auth } })).json();
console.log(
  "newest logs:",
  logs.map((l) => ({
    model: l.model,
    source: l.source,
    latencyMs: l.latencyMs,
    tokenCount: l.tokenCount,
    traceId: l.metadata?.otel?.traceId,
  })),
);
