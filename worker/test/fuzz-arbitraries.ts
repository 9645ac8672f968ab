// Hostile inputs for the fuzz suite (fast-check): strings, numbers, keys and JSON shapes that have
// broken APIs before, and schema-shaped bodies derived from the OpenAPI document's JSON Schemas, so
// a new route or field is fuzzed without anyone writing a generator for it.
import fc from "fast-check";

/** JSON text emitted verbatim: numbers JSON.stringify cannot write (1e999, -0, 400 digits), deep nesting. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An object with explicit entries, so keys such as `__proto__` stay plain data keys. */
export class JsonObject {
  constructor(readonly entries: [string, unknown][]) {}
}

export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(",")}]`;
  const entries = value instanceof JsonObject ? value.entries : value && typeof value === "object" ? Object.entries(value) : null;
  if (entries) return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(",")}}`;
  return JSON.stringify(value ?? null) ?? "null";
}

const nested = (open: string, leaf: string, close: string, levels: number) => open.repeat(levels) + leaf + close.repeat(levels);

export const EDGE_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDFFF",
  "x\uDBFFy",
  "\uDC00\uD800",
  "\u202Eevil\u202C",
  "\u200F\u05D0\u05D1",
  "👩‍👩‍👧‍👦",
  "🏳️‍🌈x",
  "\uFEFF",
  "\u2028\u2029",
  "e\u0301",
  "ﬀ",
  "İ",
  "\u180E",
  "NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "1e308",
  "1e999",
  "0x1F",
  "9".repeat(400),
  "00000000000000000001",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "<script>alert(1)</script>",
  "' OR '1'='1",
  '"',
  "\\",
  "*",
  "NEAR(a b)",
  "a OR b",
  "col:x",
  "^x",
  "%00",
  "%",
  "%E0%A4%A",
  "%ED%A0%80",
  "../../etc/passwd",
  "\r\n\r\n",
  "null",
  "true",
  "[]",
  "{}",
  "=cmd|' /C calc'!A0",
  "javascript:alert(1)",
  "file:///etc/passwd",
  "http://[::1]/",
  "https://example.com/ok",
  "a@example.com",
  "+275760-09-13T00:00:00.000Z",
  "-271821-04-20",
  "2026-02-30",
  "x".repeat(5_000),
  "é".repeat(200_001),
];

export const EDGE_NUMBERS: unknown[] = [
  0,
  -1,
  1,
  0.5,
  -0.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 53 + 2,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER,
  4_294_967_296,
  60,
  300,
  86_400 * 8,
  new RawJson("-0"),
  new RawJson("1e999"),
  new RawJson("-1e999"),
  new RawJson(`1${"0".repeat(400)}`),
  new RawJson("1.0000000000000000000001"),
];

const loneSurrogate = fc.constantFrom("\uD800", "\uDBFF", "\uDC00", "\uDFFF");

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...EDGE_STRINGS),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.tuple(fc.string({ maxLength: 10 }), loneSurrogate, fc.string({ maxLength: 10 })).map(([a, s, b]) => a + s + b),
);

export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...EDGE_NUMBERS),
  fc.double(),
  fc.integer(),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((n) => new RawJson(n.toString())),
);

export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "", "a.b", "0", "k".repeat(300)),
  fc.string({ unit: "binary", maxLength: 12 }),
);

/** Huge and deeply nested values: each under the 1 MB body limit or, on purpose, just over it. */
export const hugeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: 100, max: 100_000 }).map((n) => new RawJson(nested("[", "0", "]", n))),
  fc.integer({ min: 100, max: 100_000 }).map((n) => new RawJson(nested('{"a":', "{}", "}", n))),
  fc.constant(new RawJson(`[${"0,".repeat(150_000)}0]`)),
  fc.constant(new RawJson(`{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(",")}}`)),
  fc.constant("y".repeat(1_100_000)),
);

/** Any JSON value, hostile at every level. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.array(fc.tuple(hostileKey, tie("value")), { maxLength: 4 }).map((entries) => new JsonObject(entries)),
  ),
})).value;

export const anyValue: fc.Arbitrary<unknown> = fc.oneof({ weight: 6, arbitrary: hostileValue }, { weight: 1, arbitrary: hugeValue });

// ── Schema-shaped values, from the OpenAPI document's JSON Schemas ─────────────────────────────
type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  format?: string;
  pattern?: string;
  default?: unknown;
};

/** A plausible value for a field, so a body gets past its other fields and reaches deeper code. */
function plausibleString(name: string, schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern === "^\\d+$") return fc.constantFrom("1", "7", "50", "60", "200", "365");
  if (schema.format === "email" || /email/i.test(name)) return fc.constantFrom("fuzz@example.com", "a.b+c@example.org");
  if (/^(from|to)$/.test(name)) return fc.constantFrom("2026-01-01", "2026-11-23T10:00:00Z");
  if (/flagStatus/.test(name)) return fc.constantFrom("critical", "safe,warning");
  if (/^(format)$/.test(name)) return fc.constantFrom("csv", "jsonl");
  if (/^(acknowledged)$/.test(name)) return fc.constantFrom("true", "false");
  if (/url/i.test(name)) return fc.constantFrom("https://example.com/hook", "http://example.org/x?y=1");
  if (/query/i.test(name)) return fc.constantFrom("SELECT count(*) FROM logs", "SELECT avg(token_count) FROM logs");
  if (/expires/i.test(name)) return fc.constantFrom("2099-01-01T00:00:00Z");
  return fc.constantFrom("fuzz", "Fuzz name", "gpt-4");
}

/** Mostly the plausible text, sometimes with hostile text inside it: still a string, often still valid. */
const withHostileText = (base: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 2, arbitrary: base }, { weight: 1, arbitrary: fc.tuple(base, hostileString).map(([b, h]) => `${b} ${h}`) });

function plausible(name: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => plausible(name, b)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return withHostileText(plausibleString(name, schema));
    case "integer":
    case "number":
      return fc.constantFrom(0, 1, 60, 300, 4000);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(plausible(name, schema.items ?? {}), { minLength: 1, maxLength: 3 });
    case "object":
      return schema.properties ? shapedObject(schema) : fc.constant({ key: "value", n: 1 });
    default:
      return hostileValue;
  }
}

/**
 * A body shaped like the schema: required fields present and optional ones sometimes, all plausible;
 * then, in most bodies, one to three fields made hostile or removed, and sometimes hostile extra keys.
 * Nested objects are shaped the same way, so a bad value can sit at any depth of a valid body.
 */
function shapedObject(schema: JsonSchema): fc.Arbitrary<JsonObject> {
  const props = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = fc.tuple(
    ...props.map(([name, field]) =>
      fc.option(
        plausible(name, field).map((v) => [name, v] as [string, unknown]),
        { nil: undefined, freq: required.has(name) ? 30 : 2 },
      ),
    ),
  );
  const mutation = fc.record({ index: fc.nat(Math.max(0, props.length - 1)), remove: fc.nat(4).map((n) => n === 0), value: anyValue });
  const mutations = fc.oneof(
    { weight: 1, arbitrary: fc.constant([]) },
    { weight: 3, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }) },
  );
  const extras = fc.oneof(
    { weight: 3, arbitrary: fc.constant([]) },
    { weight: 1, arbitrary: fc.array(fc.tuple(hostileKey, hostileValue), { minLength: 1, maxLength: 2 }) },
  );
  return fc.tuple(fields, mutations, extras).map(([values, muts, more]) => {
    const entries = new Map<string, unknown>(values.filter((e) => e !== undefined));
    for (const m of muts) {
      const name = props[m.index]?.[0];
      if (name === undefined) continue;
      if (m.remove) entries.delete(name);
      else entries.set(name, m.value);
    }
    return new JsonObject([...entries, ...more]);
  });
}

/** A body for a JSON Schema: mostly shaped like it (one or more fields hostile), sometimes anything at all. */
export function bodyFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const branches = schema.oneOf ?? schema.anyOf;
  const shaped = branches ? fc.oneof(...branches.map((b) => shapedObject(b))) : shapedObject(schema);
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: anyValue });
}

/** A raw body that is not JSON at all, or broken JSON. */
export const brokenBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("", "{", "}", "[", '{"a":}', "nul", "\uFEFF{}", '{"a":1,}', "{'a':1}", "\u0000", '{"a":"\\ud800"}', '{"a":"\\u0000"}'),
  fc.string({ unit: "binary", maxLength: 30 }),
);

/** A query string: declared parameters plausible or hostile, plus hostile extra and raw parameters. */
export function queryFor(params: { name: string; schema?: JsonSchema }[]): fc.Arbitrary<string> {
  const declared = params.map((p) =>
    fc
      .option(fc.oneof({ weight: 3, arbitrary: plausible(p.name, p.schema ?? {}).map(String) }, { weight: 1, arbitrary: hostileString }), {
        nil: undefined,
        freq: 2,
      })
      .map((v) => [p.name, v] as const),
  );
  const extra = fc.array(fc.tuple(hostileKey, hostileString), { maxLength: 2 });
  const raw = fc.option(fc.constantFrom("%", "%E0%A4%A", "%ED%A0%80", "a=%00", "limit=1&limit=2", "&&&", "=x", "a[b]=c"), {
    nil: undefined,
  });
  return fc.tuple(fc.tuple(...declared), extra, raw).map(([values, more, rawPart]) => {
    const search = new URLSearchParams();
    for (const [k, v] of [...values, ...more]) if (v !== undefined) search.append(k, v.replace(/[\uD800-\uDFFF]/g, "\uFFFD"));
    return [search.toString(), rawPart].filter(Boolean).join("&");
  });
}

/** A path parameter: hostile text, percent-encoded (raw, possibly malformed, sequences kept as they are). */
export const hostileId: fc.Arbitrary<string> = fc.oneof(
  hostileString.map((s) => (/^%/.test(s) ? s : encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, "\uFFFD")))),
  fc.constantFrom("%ED%A0%80", "%", "..", "%2e%2e", "a%2Fb", "x".repeat(65), "0"),
);
