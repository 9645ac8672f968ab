import { describe, expect, it } from "vitest";
import { attributeMap } from "./attributes";
import { decodeRequest, encodingOf } from "./decode";

const json = (o: unknown) => new TextEncoder().encode(JSON.stringify(o));

describe("encodingOf", () => {
  it("protobuf and JSON, with parameters and in any case; anything else is null", () => {
    expect(encodingOf("application/x-protobuf")).toBe("protobuf");
    expect(encodingOf("Application/JSON; charset=utf-8")).toBe("json");
    expect(encodingOf("text/plain")).toBeNull();
    expect(encodingOf(undefined)).toBeNull();
  });
});

describe("decodeRequest (OTLP/JSON)", () => {
  it("hex ids, int64 as strings or numbers, enum numbers and unknown fields", () => {
    const request = decodeRequest(
      json({
        resourceSpans: [
          {
            resource: { attributes: [{ key: "service.name", value: { stringValue: "svc" } }], droppedAttributesCount: 0 },
            scopeSpans: [
              {
                spans: [
                  {
                    traceId: "5B8EFFF798038103D269B633813FC60C",
                    spanId: "eee19b7ec3c1b174",
                    kind: "SPAN_KIND_CLIENT",
                    startTimeUnixNano: "1544712660000000000",
                    endTimeUnixNano: 1544712661000000000,
                    attributes: [
                      { key: "big", value: { intValue: "9007199254740993" } },
                      { key: "small", value: { intValue: 7 } },
                      { key: "list", value: { arrayValue: { values: [{ boolValue: true }, { doubleValue: 1.5 }] } } },
                    ],
                    futureField: { anything: 1 },
                  },
                ],
              },
            ],
          },
        ],
      }),
      "json",
    );
    const span = request.resourceSpans[0].scopeSpans[0].spans[0];
    expect(Buffer.from(span.traceId).toString("hex")).toBe("5b8efff798038103d269b633813fc60c");
    expect(span.endTimeUnixNano - span.startTimeUnixNano).toBe(1_000_000_000n);
    // An int64 past 2^53 keeps its exact digits as text rather than a rounded number.
    expect(attributeMap(span.attributes)).toEqual({ big: "9007199254740993", small: 7, list: [true, 1.5] });
  });
  it("refuses non-hex ids, wrong types and malformed JSON with invalid_otlp", () => {
    for (const bad of [
      json({ resourceSpans: [{ scopeSpans: [{ spans: [{ spanId: "xyz1" }] }] }] }),
      json({ resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: "abc" }] }] }] }),
      json({ resourceSpans: 3 }),
      json([1]),
      new TextEncoder().encode("{"),
      new Uint8Array([0xff, 0xfe]),
    ]) {
      expect(() => decodeRequest(bad, "json")).toThrow(expect.objectContaining({ status: 400, code: "invalid_otlp" }));
    }
  });
});
