// The bounds of one flush (schema/constants/ INGEST_FLUSH_*): what takeFlush takes off the queue and
// what it leaves for the next flush.
import { describe, expect, it } from "vitest";
import {
  INGEST_FLUSH_BUSY_MS,
  INGEST_FLUSH_LINGER_MS,
  INGEST_FLUSH_MAX_BYTES,
  INGEST_FLUSH_MAX_LOGS,
  INGEST_FLUSH_MAX_REQUESTS,
} from "@promptsentry/schema/constants/ingestion";
import { lingerMs, takeFlush } from "./committer";
import type { CommitJob } from "./jobs";

const input = { model: "gpt-4o", prompt: "p", response: "r" };
const waiting = (orgId: string, logs: number, bytes = 100, at = 0) => ({
  job: { orgId, db: "DATA_0", inputs: Array(logs).fill(input), opts: { apiKeyId: null }, check: null } as CommitJob,
  bytes,
  resolve: () => {},
  at,
});

describe("takeFlush", () => {
  it("takes at most INGEST_FLUSH_MAX_REQUESTS requests, in arrival order", () => {
    const queue = Array.from({ length: INGEST_FLUSH_MAX_REQUESTS + 6 }, () => waiting("a", 1));
    const first = queue[0];
    const taken = takeFlush(queue);
    expect(taken).toHaveLength(INGEST_FLUSH_MAX_REQUESTS);
    expect(taken[0]).toBe(first);
    expect(queue).toHaveLength(6);
  });

  it("stops before the request that would pass the log or byte bound, and always takes the first", () => {
    const queue = [waiting("a", 300), waiting("a", 300), waiting("a", 1)];
    expect(takeFlush(queue).map((w) => w.job.inputs.length)).toEqual([300]);
    expect(queue).toHaveLength(2);
    const huge = [waiting("a", INGEST_FLUSH_MAX_LOGS, INGEST_FLUSH_MAX_BYTES * 2), waiting("a", 1)];
    expect(takeFlush(huge)).toHaveLength(1);
    const heavy = [waiting("a", 1, INGEST_FLUSH_MAX_BYTES - 10), waiting("a", 1, 20), waiting("a", 1, 5)];
    expect(takeFlush(heavy)).toHaveLength(1);
  });

  it("never mixes organizations or databases in one flush: the others wait in order", () => {
    const queue = [waiting("a", 1), waiting("b", 1), waiting("a", 1), waiting("b", 1)];
    expect(takeFlush(queue).map((w) => w.job.orgId)).toEqual(["a", "a"]);
    expect(queue.map((w) => w.job.orgId)).toEqual(["b", "b"]);
  });
});

describe("lingerMs", () => {
  const now = 1_000_000;
  const busy = { requests: 5, endedAt: now - 2 };

  it("starts a flush at once at rest: first flush, a lone previous request, or a quiet spell since", () => {
    const queue = [waiting("a", 1, 100, now)];
    expect(lingerMs(queue, null, now)).toBe(0);
    expect(lingerMs(queue, { requests: 1, endedAt: now - 1 }, now)).toBe(0);
    expect(lingerMs(queue, { requests: 9, endedAt: now - INGEST_FLUSH_BUSY_MS }, now)).toBe(0);
  });

  it("under load waits until the first waiting request has waited INGEST_FLUSH_LINGER_MS", () => {
    expect(lingerMs([waiting("a", 1, 100, now)], busy, now)).toBe(INGEST_FLUSH_LINGER_MS);
    expect(lingerMs([waiting("a", 1, 100, now - 3), waiting("a", 1, 100, now)], busy, now)).toBe(INGEST_FLUSH_LINGER_MS - 3);
    expect(lingerMs([waiting("a", 1, 100, now - INGEST_FLUSH_LINGER_MS - 5)], busy, now)).toBe(0);
  });

  it("does not wait once the waiting requests fill a flush (requests, logs or bytes)", () => {
    expect(
      lingerMs(
        Array.from({ length: INGEST_FLUSH_MAX_REQUESTS }, () => waiting("a", 1, 100, now)),
        busy,
        now,
      ),
    ).toBe(0);
    expect(lingerMs([waiting("a", INGEST_FLUSH_MAX_LOGS, 100, now)], busy, now)).toBe(0);
    expect(lingerMs([waiting("a", 1, INGEST_FLUSH_MAX_BYTES, now)], busy, now)).toBe(0);
  });
});
