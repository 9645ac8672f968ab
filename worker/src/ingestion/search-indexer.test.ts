// When the committer indexes what its flushes queued (search-indexer.ts): at once past the threshold,
// else by its alarm; each run drains a database's whole queue in bounded chunks; an alarm that finds
// nothing remembered (the object was evicted) runs the minute schedule's pass instead.
import { describe, expect, it } from "vitest";
import { INDEX_QUEUE_CHUNK_LOGS, INDEX_QUEUE_IDLE_MS, INDEX_QUEUE_MAX_LOGS } from "@promptsentry/schema/constants/ingestion";
import type { LogsDbBinding } from "@promptsentry/schema/shards";
import { SearchIndexer } from "./search-indexer";

function fake(queue: Partial<Record<LogsDbBinding, number>>) {
  const chunks: [LogsDbBinding, number][] = [];
  const alarms: number[] = [];
  const kept: Promise<void>[] = [];
  const indexer = new SearchIndexer({
    indexChunk: async (binding, limit) => {
      chunks.push([binding, limit]);
      queue[binding] = Math.max(0, (queue[binding] ?? 0) - limit);
      return queue[binding]!;
    },
    arm: async (at) => void alarms.push(at),
    keep: (run) => void kept.push(run),
    failed: (error) => {
      throw error;
    },
  });
  return { indexer, chunks, alarms, kept };
}

describe("SearchIndexer", () => {
  it("arms the alarm once for writes under the threshold, and the alarm indexes each database written to", async () => {
    const queue = { DATA_0: 30, SEG_1: 5 };
    const { indexer, chunks, alarms } = fake(queue);
    await indexer.wrote("DATA_0", 10, 1_000);
    await indexer.wrote("DATA_0", 20, 1_050);
    await indexer.wrote("SEG_1", 5, 1_100);
    expect(alarms).toEqual([1_000 + INDEX_QUEUE_IDLE_MS]);
    expect(chunks).toEqual([]);
    await indexer.wake(async () => expect.fail("remembers its databases"));
    expect(chunks).toEqual([
      ["DATA_0", INDEX_QUEUE_CHUNK_LOGS],
      ["SEG_1", INDEX_QUEUE_CHUNK_LOGS],
    ]);
    expect(queue).toEqual({ DATA_0: 0, SEG_1: 0 });
    await indexer.wrote("DATA_0", 1, 5_000);
    expect(alarms).toEqual([1_000 + INDEX_QUEUE_IDLE_MS, 5_000 + INDEX_QUEUE_IDLE_MS]);
  });

  it("indexes at once, without waiting for the alarm, once the threshold is reached, in chunks until the queue is empty", async () => {
    const queue = { DATA_1: INDEX_QUEUE_CHUNK_LOGS * 2 + 1 };
    const { indexer, chunks, kept } = fake(queue);
    await indexer.wrote("DATA_1", INDEX_QUEUE_MAX_LOGS - 1);
    expect(chunks).toEqual([]);
    await indexer.wrote("DATA_1", 1);
    expect(kept).toHaveLength(1);
    await indexer.idle();
    expect(chunks).toHaveLength(3);
    expect(queue.DATA_1).toBe(0);
  });

  it("runs the minute schedule's pass when the alarm finds nothing remembered", async () => {
    const { indexer, chunks } = fake({});
    let passes = 0;
    await indexer.wake(async () => passes++);
    expect(passes).toBe(1);
    expect(chunks).toEqual([]);
  });

  it("keeps going after a failed chunk: the failure is reported and the other databases are indexed", async () => {
    const failures: unknown[] = [];
    const done: LogsDbBinding[] = [];
    const indexer = new SearchIndexer({
      indexChunk: async (binding) => {
        if (binding === "DATA_0") throw new Error("D1 down");
        done.push(binding);
        return 0;
      },
      arm: async () => {},
      keep: () => {},
      failed: (error) => void failures.push(error),
    });
    await indexer.wrote("DATA_0", 1);
    await indexer.wrote("DATA_1", 1);
    await indexer.wake(async () => {});
    expect(failures).toHaveLength(1);
    expect(done).toEqual(["DATA_1"]);
  });
});
