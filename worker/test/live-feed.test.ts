// Live feed coalesced per organization (issue 11): a burst of single-log POSTs makes a handful of room
// POSTs (at most one per REALTIME_COALESCE_MS), each an array of `newPromptLog` messages, and every
// log is in exactly one of them. The room's side — one socket event per message of an array — is
// party/server.test.ts "sends one event per log of a batch". The room is the suite's real recording
// HTTP receiver (test/receivers.ts).
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, it } from "vitest";
import { REALTIME_COALESCE_MS } from "../../schema/constants";
import { NEW_PROMPT_LOG } from "../../schema/realtime";
import type { Bindings } from "../src/env";
import worker from "../src/index";
import { roomPath } from "../src/lib/realtime";
import { receiver } from "./delivery-helpers";
import type { ReceivedRequest } from "./receivers";
import { BASE, registerOrg } from "./helpers";

async function roomPosts(origin: string, orgId: string): Promise<ReceivedRequest[]> {
  const res = await fetch(`${origin}/_requests?path=${encodeURIComponent(roomPath(orgId))}`);
  return res.json();
}

it("50 single POSTs in quick succession reach the room in a few coalesced POSTs, every log once", async () => {
  const org = await registerOrg();
  const room = receiver();
  const bindings: Bindings = { ...env, PARTY_HOST: room.origin };
  const ids: string[] = [];
  const pending: ExecutionContext[] = [];
  const started = Date.now();
  // Four at a time, as an SDK with a small connection pool would send them.
  for (let i = 0; i < 50; i += 4) {
    const burst = Array.from({ length: Math.min(4, 50 - i) }, async (_, j) => {
      const ctx = createExecutionContext();
      pending.push(ctx);
      const res = await worker.fetch(
        new Request(`${BASE}/api/logs`, {
          method: "POST",
          headers: { authorization: `Bearer ${org.apiKey}`, "content-type": "application/json" },
          body: JSON.stringify({ model: "gpt-4o", prompt: `burst log ${i + j}`, response: "ok" }),
        }),
        bindings,
        ctx,
      );
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: string }).id);
    });
    await Promise.all(burst);
    // The test isolate runs the worker's background I/O (the room POSTs) only while the test itself
    // waits on a timer; a real isolate runs it between requests anyway.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const elapsed = Date.now() - started;
  await Promise.all(pending.map((ctx) => waitOnExecutionContext(ctx)));

  const posts = await roomPosts(room.origin, org.orgId);
  const messages = posts.flatMap((p) => JSON.parse(p.body) as { type: string; log: { id: string } }[]);
  console.log(`50 logs in ${elapsed} ms → ${posts.length} room POSTs (sizes ${posts.map((p) => JSON.parse(p.body).length).join(", ")})`);
  // At most one POST per window, plus the one that opens the burst.
  expect(posts.length).toBeLessThanOrEqual(Math.ceil(elapsed / REALTIME_COALESCE_MS) + 2);
  expect(posts.length).toBeLessThan(50 / 4);
  for (const m of messages) expect(m.type).toBe(NEW_PROMPT_LOG);
  expect(messages.map((m) => m.log.id).sort()).toEqual([...ids].sort());
});

it("a lone log after a quiet window goes out at once, not after the window", async () => {
  const org = await registerOrg();
  const room = receiver();
  const ctx = createExecutionContext();
  const sent = Date.now();
  const res = await worker.fetch(
    new Request(`${BASE}/api/logs`, {
      method: "POST",
      headers: { authorization: `Bearer ${org.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-4o", prompt: "alone", response: "ok" }),
    }),
    { ...env, PARTY_HOST: room.origin },
    ctx,
  );
  expect(res.status).toBe(201);
  await waitOnExecutionContext(ctx);
  const [post, ...rest] = await roomPosts(room.origin, org.orgId);
  expect(rest).toHaveLength(0);
  expect(post.at - sent).toBeLessThan(REALTIME_COALESCE_MS);
});
