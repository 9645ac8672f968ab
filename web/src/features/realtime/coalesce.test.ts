import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { coalesce } from "./coalesce";

describe("coalesce", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs once, waitMs after the last call of a burst", () => {
    const fn = vi.fn();
    const c = coalesce(fn, 1000, 5000);
    c();
    vi.advanceTimersByTime(500);
    c();
    vi.advanceTimersByTime(999);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("runs at least every maxWaitMs under a steady stream", () => {
    const fn = vi.fn();
    const c = coalesce(fn, 1000, 3000);
    // A call every 100 ms for 10 s: 100 calls, about one run per 3 s.
    for (let t = 0; t < 10_000; t += 100) {
      c();
      vi.advanceTimersByTime(100);
    }
    expect(fn.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(fn.mock.calls.length).toBeLessThanOrEqual(4);
  });

  it("cancel drops the pending run", () => {
    const fn = vi.fn();
    const c = coalesce(fn, 1000, 3000);
    c();
    c.cancel();
    vi.advanceTimersByTime(5000);
    expect(fn).not.toHaveBeenCalled();
  });
});
