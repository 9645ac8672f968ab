// OTLP attributes (KeyValue lists of AnyValue) as plain JavaScript values, so the convention mappers
// read `attrs["gen_ai.request.model"]` instead of walking protobuf oneofs.
import type { AnyValue, KeyValue } from "./proto/otlp_trace_pb";

export type AttrValue = string | number | boolean | null | AttrValue[] | { [key: string]: AttrValue };
export type Attrs = Record<string, AttrValue>;

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

export function anyValue(value: AnyValue | undefined): AttrValue {
  const v = value?.value;
  switch (v?.case) {
    case "stringValue":
    case "boolValue":
    case "doubleValue":
      return v.value;
    // int64: a number when exact (token counts), else its decimal text rather than a rounded number.
    case "intValue":
      return BigInt(Number(v.value)) === v.value ? Number(v.value) : v.value.toString();
    case "bytesValue":
      return hex(v.value);
    case "arrayValue":
      return v.value.values.map(anyValue);
    case "kvlistValue":
      return attributeMap(v.value.values);
    default:
      return null;
  }
}

/** Later keys win, as in the SDKs (attribute keys are unique by the spec anyway). */
export function attributeMap(list: KeyValue[]): Attrs {
  const out: Attrs = Object.create(null);
  for (const kv of list) out[kv.key] = anyValue(kv.value);
  return out;
}

export { hex as hexId };

/** A non-empty string attribute, trimmed; numbers are accepted as their text (ids sent as ints). */
export function str(attrs: Attrs, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const v = attrs[key];
    if (typeof v === "string" && v.trim()) return v.trim();
    if (typeof v === "number" && Number.isFinite(v)) return String(v);
  }
  return undefined;
}

/** A non-negative whole number attribute (tokens); numeric strings are accepted. */
export function count(attrs: Attrs, ...keys: string[]): number | undefined {
  for (const key of keys) {
    const v = attrs[key];
    const n = typeof v === "number" ? v : typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
    if (Number.isInteger(n) && n >= 0) return n;
  }
  return undefined;
}

/**
 * Indexed attributes flattened as `prefix.N.rest` (OpenLLMetry `gen_ai.prompt.0.content`, OpenInference
 * `llm.input_messages.0.message.role`): the groups by index, in index order, each keyed by `rest`.
 */
export function indexed(attrs: Attrs, prefix: string): Attrs[] {
  const groups = new Map<number, Attrs>();
  const head = `${prefix}.`;
  for (const [key, value] of Object.entries(attrs)) {
    if (!key.startsWith(head)) continue;
    const match = /^(\d+)\.(.+)$/.exec(key.slice(head.length));
    if (!match) continue;
    const index = Number(match[1]);
    let group = groups.get(index);
    if (!group) groups.set(index, (group = Object.create(null) as Attrs));
    group[match[2]] = value;
  }
  return [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([, g]) => g);
}
