// Bounds of a free-form JSON value (a log's `metadata`), checked on the raw parsed body before any
// schema copies it. Iterative and depth-limited, so a hostile nesting cannot exhaust the stack here,
// and what passes can be serialized, stored and answered safely.
import { RESERVED_OBJECT_KEYS } from "./constants/ingestion";

export type JsonBounds = { depth: number; entries: number; keyChars: number; stringChars: number; jsonChars: number };

const RESERVED = new Set<string>(RESERVED_OBJECT_KEYS);

/** The first way `value` breaks the bounds, as a message naming `label` (or the inner path), or null. */
export function jsonBoundsViolation(value: unknown, bounds: JsonBounds, label: string): string | null {
  let entries = 0;
  const stack: { value: unknown; level: number; path: string }[] = [{ value, level: 1, path: label }];
  while (stack.length) {
    const node = stack.pop()!;
    const v = node.value;
    if (v === null || typeof v === "boolean") continue;
    if (typeof v === "number") {
      if (!Number.isFinite(v)) return `${node.path} must be a finite number`;
      continue;
    }
    if (typeof v === "string") {
      if (v.length > bounds.stringChars) return `${node.path} must be at most ${bounds.stringChars} characters`;
      continue;
    }
    if (typeof v !== "object") return `${node.path} must be a JSON value`;
    if (node.level > bounds.depth) return `${label} must not nest deeper than ${bounds.depth} levels`;
    const keys = Array.isArray(v) ? v.map((_, i) => String(i)) : Object.keys(v);
    entries += keys.length;
    if (entries > bounds.entries) return `${label} must have at most ${bounds.entries} keys and items in all`;
    for (const key of keys) {
      if (!Array.isArray(v)) {
        if (RESERVED.has(key)) return `${label} must not use the key "${key}"`;
        if (key.length > bounds.keyChars) return `${label} keys must be at most ${bounds.keyChars} characters`;
      }
      stack.push({ value: (v as Record<string, unknown>)[key], level: node.level + 1, path: `${node.path}.${key}` });
    }
  }
  // Safe to serialize now: depth, entries and string lengths are bounded.
  const size = JSON.stringify(value).length;
  if (size > bounds.jsonChars) return `${label} must be at most ${bounds.jsonChars} characters as JSON`;
  return null;
}
