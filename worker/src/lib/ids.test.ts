import { decodeTime } from "ulidx";
import { describe, expect, it } from "vitest";
import { logIdStamper, newId } from "./ids";

describe("logIdStamper", () => {
  it("stamps ids with exactly the flush's time, even after the shared factory went later", () => {
    const t = Date.UTC(2026, 0, 1);
    // Another caller of the isolate (a webhook message id, say) advanced the shared factory.
    newId(t + 5_000);
    expect(decodeTime(newId(t))).toBe(t + 5_000);

    const stamper = logIdStamper();
    const at = stamper.time(t);
    const ids = Array.from({ length: 50 }, () => stamper.id(at));
    expect(ids.map((id) => decodeTime(id))).toEqual(ids.map(() => t));
    expect([...ids].sort()).toEqual(ids);
  });

  it("never stamps a flush before the previous one, and keeps ids increasing across flushes", () => {
    const t = Date.UTC(2026, 0, 1);
    const stamper = logIdStamper();
    const first = stamper.id(stamper.time(t + 10));
    // The clock read earlier than the last flush: the flush takes the last flush's time.
    const at = stamper.time(t);
    expect(at).toBe(t + 10);
    const second = stamper.id(at);
    expect(decodeTime(second)).toBe(t + 10);
    expect(second > first).toBe(true);
    expect(decodeTime(stamper.id(stamper.time(t + 20)))).toBe(t + 20);
  });
});
