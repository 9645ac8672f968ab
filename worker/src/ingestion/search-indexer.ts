// The committer's deferred search indexing (docs/data.md#search). A flush stores its logs and their
// search_queue rows (the insert trigger) in one transaction and answers: the trigram indexing, about a
// quarter of a log's write, is off the answer. Reads find a queued log by checking its text
// (queries/search.ts), so a stored log is searchable by the very next request; this indexes the queue
// afterwards, off every request's path, in larger statements than one flush's (FTS5 writes one segment
// per statement, so fewer, larger ones are also cheaper per log):
//   - as soon as the logs this committer wrote to a database since its last indexing reach
//     INDEX_QUEUE_MAX_LOGS, so under load the queue stays short;
//   - else INDEX_QUEUE_IDLE_MS after the first of them, by the Durable Object's alarm, which survives
//     the object's eviction and is retried when it fails.
// Each run indexes the database's whole queue (every organization's, the oldest first) in chunks of
// INDEX_QUEUE_CHUNK_LOGS, one transaction each, far from D1's 30 s limit on a statement; a chunk's
// entries and its removal from the queue commit together, so two committers (or the minute
// schedule, the safety net for a committer that died) indexing one database never index a log twice.
import { INDEX_QUEUE_CHUNK_LOGS, INDEX_QUEUE_IDLE_MS, INDEX_QUEUE_MAX_LOGS } from "@promptsentry/schema/constants/ingestion";
import type { LogsDbBinding } from "@promptsentry/schema/shards";

/** Indexes up to `limit` of the oldest queued logs of a database; answers how many are still queued. */
export type IndexChunk = (binding: LogsDbBinding, limit: number) => Promise<number>;

export type IndexerHooks = {
  indexChunk: IndexChunk;
  /** Arms the durable wake-up INDEX_QUEUE_IDLE_MS from now (the Durable Object's alarm). */
  arm: (at: number) => Promise<void>;
  /** Keeps the object alive until the run ends (the Durable Object's waitUntil). */
  keep: (run: Promise<void>) => void;
  /** A run's failure: logged, the queue keeps the logs for the next run or the minute schedule. */
  failed: (error: unknown) => void;
};

export class SearchIndexer {
  /** Logs written per database since its last indexing run started. */
  private written = new Map<LogsDbBinding, number>();
  private running: Promise<void> | null = null;
  private armed = false;

  constructor(private hooks: IndexerHooks) {}

  /** A flush stored `logs` logs in `binding`: index now if enough are waiting, else make sure the alarm will. */
  async wrote(binding: LogsDbBinding, logs: number, now = Date.now()): Promise<void> {
    if (!logs) return;
    const total = (this.written.get(binding) ?? 0) + logs;
    this.written.set(binding, total);
    if (total >= INDEX_QUEUE_MAX_LOGS) this.start();
    else if (!this.armed) {
      this.armed = true;
      await this.hooks.arm(now + INDEX_QUEUE_IDLE_MS);
    }
  }

  /**
   * The alarm: every database written to since the last run; `forgotten` (the minute schedule's
   * pass over every database of logs) when this object remembers none: it was evicted, or restarted,
   * after arming, so the databases it wrote to are unknown.
   */
  async wake(forgotten: () => Promise<unknown>): Promise<void> {
    this.armed = false;
    if (!this.written.size && !this.running) {
      await forgotten();
      return;
    }
    this.start();
    await this.idle();
  }

  /** Resolves when no run is in progress (tests, the alarm). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private start() {
    if (this.running) return;
    const run = this.run().finally(() => {
      this.running = null;
      // Logs written meanwhile past the threshold: another run at once; fewer wait for the alarm.
      for (const n of this.written.values()) if (n >= INDEX_QUEUE_MAX_LOGS) return this.start();
    });
    this.running = run;
    this.hooks.keep(run);
  }

  private async run() {
    while (this.written.size) {
      const [binding] = this.written.keys();
      this.written.delete(binding);
      try {
        while ((await this.hooks.indexChunk(binding, INDEX_QUEUE_CHUNK_LOGS)) > 0);
      } catch (error) {
        this.hooks.failed(error);
      }
    }
  }
}
