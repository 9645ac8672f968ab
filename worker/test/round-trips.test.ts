// D1 round trips of one single-log POST (docs/performance.md#row-1-single-log-ingestion), counted with wrappers around the real local D1:
// the request's own (the worker: key lookup, lastUsed) and its organization's committer's (the group
// commit, ingestion/committer.ts), before the answer and in the background (waitUntil). The first
// request of a key reads the key on its own; later ones within CREDENTIAL_CACHE_TTL_MS are let in from
// the isolate's cache and checked by the committer, which reads the key's row once and keeps it. With
// its context, usage and the key kept (tenancy/context-cache.ts) a request costs the committer one
// round trip, the write; concurrent requests share it (ingestion/group-commit.test.ts).
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, it } from "vitest";
import type { Bindings } from "../src/env";
import worker from "../src/index";
import { countingD1 } from "./d1-counter";
import { countCommitter } from "./committer-helpers";
import { receiver } from "./delivery-helpers";
import { eq } from "drizzle-orm";
import { apiKeys } from "@promptsentry/schema/tables/access";
import { forgetCredentials } from "../src/auth/credential-cache";
import { BASE, registerOrg, testDb } from "./helpers";

/** Statements these requests run through waitUntil (the answer does not wait for them). */
const BACKGROUND = [/^update "api_keys" set "last_used_at"/];

async function post(bindings: Bindings, key: string, orgId: string) {
  const counter = countingD1(env.DB);
  const committer = await countCommitter(orgId);
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${BASE}/api/logs`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-4o", prompt: "What is the capital of France?", response: "Paris." }),
    }),
    { ...bindings, DB: counter.db },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  expect(res.status).toBe(201);
  const awaited = counter.sql.filter((s) => !BACKGROUND.some((b) => b.test(s)));
  return {
    /** D1 calls in all: the worker's and the committer's, to the control database and the shards. */
    total: counter.roundTrips() + committer.roundTrips(),
    worker: awaited.map((s) => s.slice(0, 60)),
    control: committer.control,
    data: committer.data,
  };
}

it("a single-log POST waits for 2 D1 round trips with an uncached key, 1 once its committer keeps the key", async () => {
  const org = await registerOrg();
  const bindings: Bindings = { ...env, PARTY_HOST: receiver().origin };
  await post(bindings, org.apiKey, org.orgId); // first log of the organization: creates its fingerprint key
  const [{ id: keyId }] = await testDb().select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.orgId, org.orgId));
  forgetCredentials([keyId]);
  const uncached = await post(bindings, org.apiKey, org.orgId);
  const cached = await post(bindings, org.apiKey, org.orgId);
  const kept = await post(bindings, org.apiKey, org.orgId);
  console.log("D1 round trips per single-log POST", JSON.stringify({ uncached, cached, kept }, null, 1));
  // The committer keeps the organization's context and quota usage since the first log: it reads
  // neither. Its one wait is the write batch to the shard: the log's insert (its insert trigger queues
  // it for search; the committer indexes the queue after the answer, search-indexer.ts).
  for (const run of [uncached, cached, kept]) expect(run.data).toEqual(["batch(1)"]);
  // Uncached: the worker looks the key up first (2 waits in all); the committer reads no key, so
  // it does not call the control database at all.
  expect(uncached.worker).toHaveLength(1);
  expect(uncached.control).toEqual([]);
  expect(uncached.total).toBe(2);
  // Let in from the isolate's cache: the committer reads the key's row the first time (in parallel
  // with nothing: its own wait), then keeps it until a route that revokes keys tells it to forget.
  expect(cached.worker).toEqual([]);
  expect(cached.control).toEqual(["batch(1)"]);
  expect(kept.worker).toEqual([]);
  expect(kept.control).toEqual([]);
  // Nothing else in the background: the subscribers to tell were read with the context (no webhook
  // read per request any more); lastUsed is written at most once a minute.
  expect(kept.total).toBe(1);
});
