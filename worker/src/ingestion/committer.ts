// The group commit of one organization (docs/scaling.md#group-commit-of-ingestion): a Durable Object named by the organization id
// (`idFromName(orgId)`, the id resolved from the credential, never from a body). Every ingestion
// request of the organization calls `commit` over RPC and is answered once its logs are in D1.
// Requests that arrive while a flush is in flight wait for the next one, which writes them all:
// at rest a request is written at once (no added latency); under load N requests cost about two
// D1 round trips instead of 3N, and one (the write) while it keeps what the flush would read
// (ingestion/group-commit.ts).
//
// Why a Durable Object rather than a batcher in the worker's isolate: workerd ties I/O to the request
// that started it (a flush started by one request is cancelled when that request ends, and promises
// settled across requests hang or warn); inside the object every call shares one context. One object
// per organization also serializes its writes, so idempotency and quota are judged exactly. The same
// object sends each flush's new logs to the organization's realtime room (lib/realtime.ts) and indexes
// them for search afterwards, off the answers (ingestion/search-indexer.ts).
import { DurableObject } from "cloudflare:workers";
import {
  INGEST_FLUSH_BUSY_MS,
  INGEST_FLUSH_LINGER_MS,
  INGEST_FLUSH_MAX_BYTES,
  INGEST_FLUSH_MAX_LOGS,
  INGEST_FLUSH_MAX_REQUESTS,
} from "@promptsentry/schema/constants/ingestion";
import type { Bindings, TenantDbs } from "../env";
import { logIdStamper } from "../lib/ids";
import { notifyNewLogs } from "../lib/realtime";
import { createDb } from "../tenancy/db";
import { newestFirst, segmentAt, segmentsOf } from "../tenancy/segments";
import { DATA_SHARDS, type LogsDbBinding } from "@promptsentry/schema/shards";
import { OrgContextCache } from "../tenancy/context-cache";
import { backfillSearchIndex, indexQueuedChunk } from "../schedules/search-backfill";
import { commitGroup } from "./group-commit";
import { SearchIndexer } from "./search-indexer";
import { jobError, type CommitJob, type CommitResult } from "./jobs";

type Waiting = { job: CommitJob; bytes: number; resolve: (result: CommitResult) => void; at: number };
/** The committer's previous flush: how many requests it wrote and when it ended (ms). */
export type LastFlush = { requests: number; endedAt: number };

/**
 * How long the next flush waits for more requests to join it (INGEST_FLUSH_LINGER_MS): 0 at rest
 * (the previous flush wrote one request, or ended INGEST_FLUSH_BUSY_MS ago or more) and once the
 * waiting requests fill a flush; else until its first request has waited the linger out.
 */
export function lingerMs(waiting: Pick<Waiting, "job" | "bytes" | "at">[], last: LastFlush | null, now: number): number {
  if (!waiting.length || !last || last.requests < 2 || now - last.endedAt >= INGEST_FLUSH_BUSY_MS) return 0;
  let logs = 0;
  let bytes = 0;
  for (const w of waiting) {
    logs += w.job.inputs.length;
    bytes += w.bytes;
  }
  if (waiting.length >= INGEST_FLUSH_MAX_REQUESTS || logs >= INGEST_FLUSH_MAX_LOGS || bytes >= INGEST_FLUSH_MAX_BYTES) return 0;
  return Math.max(0, waiting[0].at + INGEST_FLUSH_LINGER_MS - now);
}

/**
 * Takes the next flush off the front of `waiting`: requests of the same organization and database as
 * the first, in arrival order, within the flush bounds (the first always, however large).
 */
export function takeFlush(waiting: Waiting[]): Waiting[] {
  const first = waiting[0];
  const taken: Waiting[] = [];
  let logs = 0;
  let bytes = 0;
  for (let i = 0; i < waiting.length && taken.length < INGEST_FLUSH_MAX_REQUESTS; ) {
    const w = waiting[i];
    const fits = !taken.length || (logs + w.job.inputs.length <= INGEST_FLUSH_MAX_LOGS && bytes + w.bytes <= INGEST_FLUSH_MAX_BYTES);
    if (w.job.orgId !== first.job.orgId || w.job.db !== first.job.db) {
      i++;
      continue;
    }
    if (!fits) break;
    taken.push(w);
    logs += w.job.inputs.length;
    bytes += w.bytes;
    waiting.splice(i, 1);
  }
  return taken;
}

export class IngestCommitter extends DurableObject<Bindings> {
  private waiting: Waiting[] = [];
  private flushing = false;
  private last: LastFlush | null = null;
  /** The organization's context between flushes (tenancy/context-cache.ts). */
  private context = new OrgContextCache();
  /** Resolves a lingering flush early (the waiting requests filled it). */
  private wake: (() => void) | null = null;
  /** The ids of the logs this object writes, each carrying its flush's time exactly (lib/ids.ts). */
  private logIds = logIdStamper();
  /** Write batches this object has sent to D1 (the committer's own count, for tests and profiles). */
  private flushes = 0;
  /** Indexes the logs the flushes stored into the search index, after their answers. */
  private indexer = new SearchIndexer({
    indexChunk: (binding, limit) => indexQueuedChunk(this.databases(binding).data, limit),
    arm: (at) => this.ctx.storage.setAlarm(at),
    keep: (run) => this.ctx.waitUntil(run),
    failed: (error) => console.error("search indexing failed; the queue keeps the logs", error),
  });

  /** Stores the job's logs with whatever else arrives meanwhile; answers once they are in D1 (or why not). */
  commit(job: CommitJob): Promise<CommitResult> {
    return new Promise((resolve) => {
      this.waiting.push({ job, bytes: JSON.stringify(job.inputs).length, resolve, at: Date.now() });
      if (!this.flushing) void this.drain();
      else if (this.wake && !lingerMs(this.waiting, this.last, Date.now())) this.wake();
    });
  }

  /**
   * Forgets the kept organization context, usage and key rows: called (and awaited) by the routes that
   * change settings, webhooks, integrations, keys, the team or the data before they answer, so the
   * next log is judged with the change.
   */
  forget(): void {
    this.context.forget();
  }

  /** How many flushes this object has made (tests compare it to the requests it answered). */
  stats() {
    return { flushes: this.flushes };
  }

  /** Resolves once no search indexing is in progress (tests). */
  indexed(): Promise<void> {
    return this.indexer.idle();
  }

  /** The indexing wake-up armed after a flush; after an eviction, the minute schedule's pass. */
  async alarm(): Promise<void> {
    await this.indexer.wake(() => backfillSearchIndex(this.env, createDb(this.env.DB)));
  }

  /** The control database and the database of the segment a flush writes to. */
  protected databases(ref: LogsDbBinding): TenantDbs {
    return { db: createDb(this.env.DB), data: createDb(this.env[ref]) };
  }

  private async drain() {
    this.flushing = true;
    try {
      while (this.waiting.length) {
        const linger = lingerMs(this.waiting, this.last, Date.now());
        if (linger > 0)
          await new Promise<void>((resolve) => {
            const timer = setTimeout(() => this.wake?.(), linger);
            this.wake = () => {
              clearTimeout(timer);
              this.wake = null;
              resolve();
            };
          });
        const group = takeFlush(this.waiting);
        const { orgId, db } = group[0].job;
        this.flushes++;
        let results: CommitResult[];
        let written: LogsDbBinding | null = null;
        try {
          // The flush's ids carry exactly `now` (this object's own stamper): they go to the segment whose range holds it.
          const now = new Date(this.logIds.time(Date.now()));
          const segments = await segmentsOf(this.env, createDb(this.env.DB), orgId, DATA_SHARDS.indexOf(db), now.getTime());
          const target = segmentAt(segments, now.getTime());
          const prior = newestFirst(segments).filter((s) => s.seq < target.seq);
          written = target.binding;
          results = await commitGroup(
            {
              ...this.databases(target.binding),
              priorSegments: prior.map((s) => s.db),
              // Usage is summed over these: a segment opened, dropped or moved makes the kept count stale.
              scope: [target, ...prior].map((s) => `${s.seq}:${s.binding}`).join(","),
            },
            orgId,
            group.map((w) => w.job),
            now,
            this.context,
            this.logIds.id,
          );
        } catch (error) {
          const failed = jobError(error);
          results = group.map(() => ({ error: failed }));
        }
        for (const [i, w] of group.entries()) w.resolve(results[i]);
        this.last = { requests: group.length, endedAt: Date.now() };
        // The live feed: the flush's new logs (never replays) in one room POST, at once; neither the
        // answers nor the next flush wait for it (it logs its own failures and never rejects).
        const fresh = results.flatMap((r) => (r.stored && !r.stored.replayed ? r.stored.rows : []));
        if (fresh.length) this.ctx.waitUntil(notifyNewLogs(this.env, orgId, fresh));
        if (written && fresh.length)
          this.ctx.waitUntil(this.indexer.wrote(written, fresh.length).catch((error) => console.error("search indexing not armed", error)));
      }
    } finally {
      this.flushing = false;
    }
  }
}
