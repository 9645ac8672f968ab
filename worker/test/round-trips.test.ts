// D1 round trips of one single-log POST (issue 11), counted with a wrapper around the real local D1:
// before the answer (what the caller waits for) and in the background (waitUntil). The first request
// of a key reads the key on its own; later ones within CREDENTIAL_CACHE_TTL_MS re-read it inside the
// organization-context batch, so the answer waits for one round trip fewer.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, it } from "vitest";
import type { Bindings } from "../src/env";
import worker from "../src/index";
import { countingD1 } from "./d1-counter";
import { receiver } from "./delivery-helpers";
import { eq } from "drizzle-orm";
import { apiKeys } from "../../schema/tables";
import { forgetCredentials } from "../src/lib/credential-cache";
import { DATA_SHARDS } from "../../schema/shards";
import { BASE, registerOrg, testDb } from "./helpers";

/** Statements these requests run through waitUntil (the answer does not wait for them). */
const BACKGROUND = [/^update "api_keys" set "last_used_at"/, /^select "id", "events" from "webhooks"/];

async function post(bindings: Bindings, key: string) {
  // The control database and every data shard, counted apart.
  const counter = countingD1(env.DB);
  const shards = Object.fromEntries(DATA_SHARDS.map((name) => [name, countingD1(env[name])]));
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${BASE}/api/logs`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-4o", prompt: "What is the capital of France?", response: "Paris." }),
    }),
    { ...bindings, DB: counter.db, ...Object.fromEntries(Object.entries(shards).map(([name, c]) => [name, c.db])) },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  expect(res.status).toBe(201);
  const awaited = counter.sql.filter((s) => !BACKGROUND.some((b) => b.test(s)));
  const data = Object.values(shards).flatMap((c) => c.sql);
  return {
    total: counter.roundTrips() + data.length,
    awaited: awaited.length,
    sql: awaited.map((s) => s.slice(0, 60)),
    data: data.map((s) => s.slice(0, 60)),
  };
}

it("a single-log POST waits for 3 D1 round trips with an uncached key, 2 with a cached one (the shard read beside the context)", async () => {
  const org = await registerOrg();
  const bindings: Bindings = { ...env, PARTY_HOST: receiver().origin };
  await post(bindings, org.apiKey); // first log of the organization: creates its fingerprint key
  const [{ id: keyId }] = await testDb().select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.orgId, org.orgId));
  forgetCredentials([keyId]);
  const uncached = await post(bindings, org.apiKey);
  const cached = await post(bindings, org.apiKey);
  console.log("D1 round trips per single-log POST", JSON.stringify({ uncached, cached }, null, 1));
  // Control database, uncached: key lookup, organization context (one batch).
  expect(uncached.awaited).toBe(2);
  // Cached: the key re-read rides in the context batch.
  expect(cached.awaited).toBe(1);
  expect(cached.sql).toEqual(["batch(3)"]);
  // The organization's shard: its usage (read beside the context batch, not after it), then the insert batch.
  for (const run of [uncached, cached]) {
    expect(run.data).toHaveLength(2);
    expect(run.data[0]).toMatch(/^select coalesce\(sum\("total"\), 0\)/);
    expect(run.data[1]).toBe("batch(1)");
  }
  expect(cached.total).toBe(uncached.total - 1);
});
