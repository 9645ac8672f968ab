// OTLP's own bounds: spans without valid ids refused per span, the route's 10 MB body limit answered
// in OTLP's shape, and model-call spans counted against the ingestion rate limit.
import { fromBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { BATCH_MAX_LOGS, MAX_BODY_BYTES } from "@promptsentry/schema/constants/ingestion";
import { INGEST_RATE_LIMITS } from "@promptsentry/schema/constants/plans";
import { ExportTraceServiceResponseSchema, StatusSchema } from "../otel/proto/otlp_trace_pb";
import { awayFromBoundary, call, logCount, registerOrg, spendIngestUnits, type TestOrg } from "../../test/helpers";
import { otlpJson, otlpProtobuf, postTraces, type TestSpan } from "../../test/otlp";

const JSON_TYPE = { "content-type": "application/json" };
const PROTO_TYPE = { "content-type": "application/x-protobuf" };
const auth = (org: TestOrg, extra: Record<string, string> = JSON_TYPE) => ({ authorization: `Bearer ${org.apiKey}`, ...extra });
const chat = (prompt: string, ids: Partial<Pick<TestSpan, "traceId" | "spanId">> = {}): TestSpan => ({
  ...ids,
  attrs: {
    "gen_ai.operation.name": "chat",
    "gen_ai.request.model": "gpt-4o",
    "gen_ai.input.messages": JSON.stringify([{ role: "user", parts: [{ type: "text", content: prompt }] }]),
  },
});
const prompts = async (org: TestOrg) => ((await call("GET", "/logs", { key: org.apiKey })).body as any[]).map((l) => l.prompt).sort();

describe("OTLP spans without valid ids", () => {
  const ZERO_TRACE = "0".repeat(32);
  const ZERO_SPAN = "0".repeat(16);

  it.each([
    [
      "all-zero ids, JSON",
      (p: string) => JSON.stringify(otlpJson({ spans: [chat(p, { traceId: ZERO_TRACE, spanId: ZERO_SPAN })] })),
      JSON_TYPE,
    ],
    ["empty ids, JSON", (p: string) => JSON.stringify(otlpJson({ spans: [chat(p, { traceId: "", spanId: "" })] })), JSON_TYPE],
    ["empty ids, protobuf", (p: string) => otlpProtobuf({ spans: [chat(p, { traceId: "", spanId: "" })] }), PROTO_TYPE],
    ["a short span id, protobuf", (p: string) => otlpProtobuf({ spans: [chat(p, { spanId: "0102" })] }), PROTO_TYPE],
  ] as const)("%s: refused per span in partial_success, every export (none taken for a retry of another)", async (_what, body, type) => {
    const org = await registerOrg();
    for (const prompt of ["first export", "second export"]) {
      const res = await postTraces(body(prompt), auth(org, type));
      expect(res.status).toBe(200);
      const partial =
        type === PROTO_TYPE ? fromBinary(ExportTraceServiceResponseSchema, res.bytes).partialSuccess! : res.json.partialSuccess;
      expect(String(partial.rejectedSpans)).toBe("1");
      expect(partial.errorMessage).toMatch(/^1 model-call span refused: span .*: invalid (trace|span)_id/);
      expect(res.headers.get("idempotent-replayed")).toBeNull();
    }
    expect(await logCount(org.orgId)).toBe(0);
  });

  it("a valid span beside an invalid one is stored; a later export of other valid spans too", async () => {
    const org = await registerOrg();
    const res = await postTraces(
      JSON.stringify(otlpJson({ spans: [chat("kept one"), chat("dropped", { traceId: ZERO_TRACE, spanId: ZERO_SPAN })] })),
      auth(org),
    );
    expect(res.json.partialSuccess.rejectedSpans).toBe("1");
    expect((await postTraces(JSON.stringify(otlpJson({ spans: [chat("kept two")] })), auth(org))).json).toEqual({});
    expect(await prompts(org)).toEqual(["kept one", "kept two"]);
  });
});

describe("OTLP body limit: 10 MB of its own, answered as google.rpc.Status", () => {
  it("a body over the app-wide 1 MB is accepted", async () => {
    const org = await registerOrg();
    // An ignored span carries the bulk; one model call beside it becomes the log.
    const bulk: TestSpan = { name: "GET /export", attrs: { "http.request.method": "GET", blob: "x".repeat(MAX_BODY_BYTES + 100_000) } };
    for (const [body, type] of [
      [JSON.stringify(otlpJson({ spans: [bulk, chat("json")] })), JSON_TYPE],
      [otlpProtobuf({ spans: [bulk, chat("protobuf")] }), PROTO_TYPE],
    ] as const) {
      expect(typeof body === "string" ? body.length : body.byteLength).toBeGreaterThan(MAX_BODY_BYTES);
      const res = await postTraces(body, auth(org, type));
      expect(res.status).toBe(200);
    }
    expect(await prompts(org)).toEqual(["json", "protobuf"]);
  });

  it("over 10 MB → 413 in the request's encoding: protobuf Status, or JSON Status with the envelope", async () => {
    const org = await registerOrg();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    const proto = await postTraces(big, auth(org, PROTO_TYPE));
    expect(proto.status).toBe(413);
    expect(proto.headers.get("content-type")).toBe("application/x-protobuf");
    expect(fromBinary(StatusSchema, proto.bytes)).toMatchObject({ code: 8, message: "Request body exceeds 10 MB" });
    const json = await postTraces(big, auth(org));
    expect(json.status).toBe(413);
    expect(json.json).toEqual({
      code: 8,
      message: "Request body exceeds 10 MB",
      error: { code: "payload_too_large", message: "Request body exceeds 10 MB" },
    });
    expect(await logCount(org.orgId)).toBe(0);
  });
});

describe("OTLP and the ingestion rate limit", () => {
  it("each 500 model-call spans count as one request: an export needing more than is left is a 429 in OTLP's shape", {
    timeout: 120_000,
  }, async () => {
    await awayFromBoundary(60_000, 40_000);
    const org = await registerOrg();
    const spans = 2 * BATCH_MAX_LOGS + 1; // three units
    const body = otlpProtobuf({ spans: Array.from({ length: spans }, (_, i) => chat(`span ${i}`)) });
    // Leave two units of the minute.
    await spendIngestUnits(org.apiKey, INGEST_RATE_LIMITS.trial.perMinute - 2);
    const res = await postTraces(body, auth(org, PROTO_TYPE));
    expect(res.status).toBe(429);
    expect(res.headers.get("content-type")).toBe("application/x-protobuf");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    const status = fromBinary(StatusSchema, res.bytes);
    expect(status.code).toBe(8);
    expect(status.message).toContain(`this export's ${spans.toLocaleString("en-US")} model-call spans count as 3`);
    expect(await logCount(org.orgId)).toBe(0);
  });
});
