// The counting of a Workers Rate Limiting binding as Miniflare emulates it (and as the worker's tests
// run it): per key, a window of `period` seconds aligned to the wall clock; a call passes while the
// window has counted fewer than `limit` and then counts `delta`. Kept in memory by the local
// runtime's bindings in the product's isolate (local-rate-limits.mjs), which is what Cloudflare's
// binding is: a counter in memory, not a database write per call.

/** Counters of every key of every binding, by window; a passed window's counters are dropped. */
export class FixedWindows {
  /** @type {Map<string, { epoch: number, count: number }>} */
  #buckets = new Map();

  /**
   * Counts one call of `key` against `limit` per `period` seconds at `now` (ms); whether it passed.
   * @param {{ namespace: string, key: string, limit: number, period: number, delta?: number, now?: number }} call
   */
  hit({ namespace, key, limit, period, delta = 1, now = Date.now() }) {
    const epoch = Math.floor(now / (period * 1000));
    const id = `${namespace}\u0000${period}\u0000${key}`;
    let bucket = this.#buckets.get(id);
    if (!bucket || bucket.epoch !== epoch) {
      if (bucket) this.#dropBefore(epoch, period);
      bucket = { epoch, count: 0 };
      this.#buckets.set(id, bucket);
    }
    if (bucket.count >= limit) return false;
    bucket.count += delta;
    return true;
  }

  /** How many keys hold a counter (tests: passed windows do not pile up). */
  get size() {
    return this.#buckets.size;
  }

  /** Windows are aligned to the clock, so when one key's window rolls over every older one has too. */
  #dropBefore(epoch, period) {
    for (const [id, bucket] of this.#buckets)
      if (id.split("\u0000")[1] === String(period) && bucket.epoch < epoch) this.#buckets.delete(id);
  }
}
