// The group commit of an organization seen from a test: its committer (the Durable Object the worker
// calls), and counting wrappers (test/d1-counter.ts) put around the real local D1s it reads and writes
// (the control database and every data shard), so a test can show how many round trips and write
// batches a set of requests cost; and its live feed pointed at the local receiver, with what the
// organization's room was sent.
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { DATA_SHARDS, type LogsDbBinding, SEGMENT_DBS } from "@promptsentry/schema/shards";
import { committerOf } from "../src/ingestion/ingest-logs";
import type { Bindings } from "../src/env";
import { roomPath } from "../src/lib/realtime";
import { createDb } from "../src/tenancy/db";
import { countingD1 } from "./d1-counter";
import type { ReceivedRequest } from "./receivers";

/** The organization's committer, as the worker reaches it. */
export const committer = (orgId: string) => committerOf(env, orgId);

/**
 * Runs the organization's committer's alarm now: it indexes what its flushes queued for search
 * (ingestion/search-indexer.ts), which otherwise follows the answer by INDEX_QUEUE_IDLE_MS.
 */
export const indexQueued = (orgId: string) => runDurableObjectAlarm(env.INGEST_COMMITTER.get(env.INGEST_COMMITTER.idFromName(orgId)));

/** Counts the D1 work of the organization's committer from now on (its D1s are wrapped, not replaced). */
export async function countCommitter(orgId: string) {
  const control = countingD1(env.DB);
  const shards = Object.fromEntries([...DATA_SHARDS, ...SEGMENT_DBS].map((name) => [name, countingD1(env[name])]));
  const stub = env.INGEST_COMMITTER.get(env.INGEST_COMMITTER.idFromName(orgId));
  await runInDurableObject(stub, (instance: DurableObject) => {
    // The committer's one seam to its databases (IngestCommitter.databases).
    (instance as unknown as { databases: (ref: LogsDbBinding) => unknown }).databases = (ref: LogsDbBinding) => ({
      db: createDb(control.db),
      data: createDb(shards[ref].db),
    });
  });
  const all = [control, ...Object.values(shards)];
  const batches = () => all.flatMap((c) => c.batches);
  return {
    /** Round trips to every database, the control database's and the shards' together. */
    roundTrips: () => all.reduce((n, c) => n + c.roundTrips(), 0),
    /** The statements (or `batch(n)`) sent to the control database so far. */
    control: control.sql,
    /** The same for the data shards, read when called. */
    get data() {
      return Object.values(shards).flatMap((c) => c.sql);
    },
    /** The statements of each batch sent to the control database (context reads). */
    controlBatches: control.batches,
    batches,
    /** Write batches: those that insert logs. */
    writes: () => batches().filter((b) => b.some((s) => s.startsWith('insert into "prompt_logs"'))).length,
  };
}

/**
 * Points the live feed of the organization's committer (its room POSTs, lib/realtime.ts) at `origin`, a local
 * receiver standing in for the party server: the committer POSTs each flush's logs with its own env,
 * not the request's, so tests change that env (the suite's PARTY_HOST is a port nothing listens on).
 */
export async function feedTo(orgId: string, origin: string, secret = env.PARTY_SECRET) {
  const stub = env.INGEST_COMMITTER.get(env.INGEST_COMMITTER.idFromName(orgId));
  await runInDurableObject(stub, (instance: DurableObject) => {
    const self = instance as unknown as { env: Bindings };
    self.env = { ...self.env, PARTY_HOST: origin, PARTY_SECRET: secret };
  });
}

export type Message = { type: string; log: { id: string } };

/** What the organization's room (its path at the receiver) was POSTed so far, in arrival order. */
export async function roomPosts(origin: string, orgId: string): Promise<ReceivedRequest[]> {
  const res = await fetch(`${origin}/_requests?path=${encodeURIComponent(roomPath(orgId))}`);
  return res.json();
}

/** The room's POSTs once it holds `ids` (or 10 s passed), after `settleMs` more for any duplicate to show. */
export async function roomOnceHolding(origin: string, orgId: string, ids: string[], settleMs = 200) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const posts = await roomPosts(origin, orgId);
    const seen = new Set(posts.flatMap((p) => (JSON.parse(p.body) as Message[]).map((m) => m.log.id)));
    if (ids.every((id) => seen.has(id)) || Date.now() > deadline) {
      await new Promise((r) => setTimeout(r, settleMs));
      return roomPosts(origin, orgId);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The `newPromptLog` messages of these room POSTs, in order. */
export const messagesOf = (posts: ReceivedRequest[]) => posts.flatMap((p) => JSON.parse(p.body) as Message[]);
