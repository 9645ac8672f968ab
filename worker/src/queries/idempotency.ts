// How a client's Idempotency-Key is stored on prompt_logs.idempotency_key (unique per organization).
//
// A single log and the items of a batch live in separate namespaces, and a batch key is
// length-prefixed, so no two (kind, key, index) triples ever produce the same stored string: a
// single log keyed `k:0` once collided with item 0 of a batch keyed `k`, and a batch keyed `k:1`
// once matched the replay lookup of a batch keyed `k`.
//   single log  → `log:<key>`
//   batch item  → `batch:<key length>:<key>:<index>`

export type IdempotencyKind = "single" | "batch";

/** The stored key of each of `count` items sent with one client key. */
export function storedIdempotencyKeys(key: string, kind: IdempotencyKind, count: number): string[] {
  if (kind === "single") return [`log:${key}`];
  const prefix = batchPrefix(key);
  return Array.from({ length: count }, (_, i) => `${prefix}${i}`);
}

/** Every stored key of a batch sent with `key` starts with this, and no other stored key does. */
export function batchPrefix(key: string): string {
  return `batch:${key.length}:${key}:`;
}

/** The item index encoded in a stored batch key, given the batch's client key. */
export function batchItemIndex(stored: string, key: string): number {
  return Number(stored.slice(batchPrefix(key).length));
}

/**
 * Bounds [from, to) holding exactly the stored keys of a batch sent with `key`: the prefix then
 * digits ('0'…'9'; ':' sorts right after '9'). A range, not LIKE: LIKE folds ASCII case, so a batch
 * keyed `K` would find the items of a batch keyed `k`.
 */
export function batchKeyRange(key: string): { from: string; to: string } {
  const prefix = batchPrefix(key);
  return { from: `${prefix}0`, to: `${prefix}:` };
}
