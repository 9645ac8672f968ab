import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { batchItemIndex, batchKeyRange, storedIdempotencyKeys } from "./idempotency";

// Any printable key the route accepts, including the separators the encoding uses.
const clientKey = fc.string({ unit: fc.constantFrom("k", "K", ":", "0", "1", "log", "batch", "é", "%", "_"), minLength: 1, maxLength: 8 });
const request = fc.record({
  kind: fc.constantFrom("single" as const, "batch" as const),
  key: clientKey,
  count: fc.integer({ min: 1, max: 12 }),
});

describe("stored idempotency keys", () => {
  it("never give two different requests the same stored key", () => {
    fc.assert(
      fc.property(request, request, (a, b) => {
        const same = a.kind === b.kind && a.key === b.key;
        const ka = storedIdempotencyKeys(a.key, a.kind, a.count);
        const kb = new Set(storedIdempotencyKeys(b.key, b.kind, b.count));
        if (!same) expect(ka.filter((k) => kb.has(k))).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it("a batch's range holds exactly its own items, and the index round-trips", () => {
    fc.assert(
      fc.property(request, request, (a, b) => {
        if (a.kind !== "batch") return;
        const { from, to } = batchKeyRange(a.key);
        const inRange = (k: string) => k >= from && k < to;
        storedIdempotencyKeys(a.key, "batch", a.count).forEach((k, i) => {
          expect(inRange(k)).toBe(true);
          expect(batchItemIndex(k, a.key)).toBe(i);
        });
        if (b.kind === "single" || b.key !== a.key)
          for (const k of storedIdempotencyKeys(b.key, b.kind, b.count)) expect(inRange(k), k).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
