// D1 round trips of one single-log POST (docs/performance.md#row-1-single-log-ingestion), counted with wrappers around the real local D1:
// the request's own (the worker: key lookup, lastUsed) and its organization's committer's (the group
// commit, ingestion/committer.ts), before the answer and in the background (waitUntil). The first
// request of a key reads the key on its own; later ones within CREDENTIAL_CACHE_TTL_MS re-read it inside
// the committer's context batch. Alone, a request costs the committer two round trips (context,
// write); concurrent requests share them (ingestion/group-commit.test.ts).
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

it("a single-log POST waits for 3 D1 round trips with an uncached key, 2 with a cached one", async () => {
  const org = await registerOrg();
  const bindings: Bindings = { ...env, PARTY_HOST: receiver().origin };
  await post(bindings, org.apiKey, org.orgId); // first log of the organization: creates its fingerprint key
  const [{ id: keyId }] = await testDb().select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.orgId, org.orgId));
  forgetCredentials([keyId]);
  const uncached = await post(bindings, org.apiKey, org.orgId);
  const cached = await post(bindings, org.apiKey, org.orgId);
  console.log("D1 round trips per single-log POST", JSON.stringify({ uncached, cached }, null, 1));
  // The committer waits twice: its context read — the organization's shard (usage) and, in parallel,
  // the control database for a cached key's re-read (organization, settings, webhooks and
  // integrations are kept by the committer since the first log: tenancy/context-cache.ts) — then
  // the write batch to the shard (the log's insert, then the statements that index it for search:
  // prompt_logs_trigrams filled from the queue, the queue emptied).
  for (const run of [uncached, cached]) {
    expect(run.data).toEqual(["batch(1)", "batch(3)"]);
  }
  // Uncached: the worker looks the key up first (3 waits in all); the committer reads no key, so
  // it does not call the control database at all.
  expect(uncached.worker).toHaveLength(1);
  expect(uncached.control).toEqual([]);
  // Cached: the key re-read is the committer's control batch (2 waits in all).
  expect(cached.worker).toEqual([]);
  expect(cached.control).toEqual(["batch(1)"]);
  // Nothing else in the background: the subscribers to tell were read with the context (no webhook
  // read per request any more); lastUsed is written at most once a minute.
  expect(cached.total).toBe(3);
});
