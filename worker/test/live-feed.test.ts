// The live feed (docs/scaling.md#realtime): each organization's committer POSTs every flush's new logs to the
// organization's room as one array of `newPromptLog` messages, right after the write: one POST per
// flush. Every stored log reaches its own organization's room exactly once, replays never, and
// nothing waits for a fixed window. The
// room's side — one socket event per message of an array — is party/server.test.ts "sends one event
// per log of a batch". The room is the suite's real recording HTTP receiver (test/receivers.ts).
import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import { NEW_PROMPT_LOG } from "@promptsentry/schema/realtime";
import { committer, feedTo, messagesOf, roomOnceHolding } from "./committer-helpers";
import { receiver } from "./delivery-helpers";
import { call, registerOrg } from "./helpers";

/** An organization whose committer's feed goes to a fresh receiver. */
async function orgWithRoom() {
  const org = await registerOrg();
  const room = receiver();
  await feedTo(org.orgId, room.origin);
  return { ...org, room };
}

const postLog = (key: string, prompt: string, headers: Record<string, string> = {}) =>
  call<{ id: string }>("POST", "/logs", { key, body: { model: "gpt-4o", prompt, response: "ok" }, headers });

it("50 concurrent single POSTs: every log reaches the room exactly once, in one POST per flush", async () => {
  const org = await orgWithRoom();
  const flushesBefore = (await committer(org.orgId).stats()).flushes;
  const ids: string[] = [];
  // Ten at a time, as an SDK with a small connection pool would send them.
  for (let i = 0; i < 50; i += 10) {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, j) => postLog(org.apiKey, `burst log ${i + j}`)));
    for (const a of answers) expect(a.status).toBe(201);
    ids.push(...answers.map((a) => a.body.id));
    // The test isolate (which hosts the committer too) runs its background I/O, the room POSTs, only
    // while the test itself waits on a timer; a real isolate runs it between requests anyway.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const flushes = (await committer(org.orgId).stats()).flushes - flushesBefore;
  const posts = await roomOnceHolding(org.room.origin, org.orgId, ids);
  const messages = messagesOf(posts);
  console.log(
    `50 logs in ${flushes} flushes → ${posts.length} room POSTs (sizes ${posts.map((p) => JSON.parse(p.body).length).join(", ")})`,
  );
  for (const p of posts) expect(p.headers.authorization).toBe(`Bearer ${env.PARTY_SECRET}`);
  for (const m of messages) expect(m.type).toBe(NEW_PROMPT_LOG);
  expect(messages.map((m) => m.log.id).sort()).toEqual([...ids].sort());
  expect(posts.length).toBe(flushes);
  expect(flushes).toBeLessThan(50); // concurrent requests shared flushes, so they shared room POSTs
});

it("a batch is one POST with its logs in order; an Idempotency-Key replay publishes nothing", async () => {
  const org = await orgWithRoom();
  const batch = await call<{ ids: string[] }>("POST", "/logs/batch", {
    key: org.apiKey,
    body: { logs: [1, 2, 3].map((i) => ({ model: "gpt-4o", prompt: `batch log ${i}`, response: "ok" })) },
    headers: { "idempotency-key": "feed-batch-1" },
  });
  expect(batch.status).toBe(201);
  const single = await postLog(org.apiKey, "single with a key", { "idempotency-key": "feed-single-1" });
  expect(single.status).toBe(201);
  // The retries answer the stored logs and are not news.
  const batchAgain = await call<{ ids: string[] }>("POST", "/logs/batch", {
    key: org.apiKey,
    body: { logs: [1, 2, 3].map((i) => ({ model: "gpt-4o", prompt: `batch log ${i}`, response: "ok" })) },
    headers: { "idempotency-key": "feed-batch-1" },
  });
  const [singleAgain, singleTwice] = await Promise.all([
    postLog(org.apiKey, "single with a key", { "idempotency-key": "feed-single-1" }),
    postLog(org.apiKey, "single with a key", { "idempotency-key": "feed-single-1" }),
  ]);
  for (const r of [batchAgain, singleAgain, singleTwice]) expect(r.headers.get("idempotent-replayed")).toBe("true");
  // A new log after the replays: once it is in, anything the replays sent would be too.
  const last = await postLog(org.apiKey, "after the replays");
  const posts = await roomOnceHolding(org.room.origin, org.orgId, [...batch.body.ids, single.body.id, last.body.id]);
  const batchPost = posts.find((p) => messagesOf([p]).some((m) => m.log.id === batch.body.ids[0]))!;
  expect(messagesOf([batchPost]).map((m) => m.log.id)).toEqual(batch.body.ids);
  expect(
    messagesOf(posts)
      .map((m) => m.log.id)
      .sort(),
  ).toEqual([...batch.body.ids, single.body.id, last.body.id].sort());
});

it("logs of one organization never reach another's room", async () => {
  const [a, b] = await Promise.all([orgWithRoom(), orgWithRoom()]);
  const answers = await Promise.all(
    Array.from({ length: 12 }, (_, i) => (i % 2 ? postLog(b.apiKey, `org b ${i}`) : postLog(a.apiKey, `org a ${i}`))),
  );
  const idsOf = (org: typeof a) => answers.filter((_, i) => (i % 2 ? b : a) === org).map((r) => r.body.id);
  // Each room (its own path, /parties/main/<orgId>) holds exactly its organization's logs.
  for (const org of [a, b]) {
    const posts = await roomOnceHolding(org.room.origin, org.orgId, idsOf(org));
    expect(
      messagesOf(posts)
        .map((m) => m.log.id)
        .sort(),
    ).toEqual(idsOf(org).sort());
  }
});

it("each log reaches the room right after its write, not at the end of a fixed window", async () => {
  const org = await orgWithRoom();
  expect((await postLog(org.apiKey, "warm-up")).status).toBe(201);
  // Ten logs one after the other, each sent as soon as the previous one is in the room: with a
  // window of 250 ms per organization this took ≥ 9 × 250 ms.
  const started = Date.now();
  const lags: number[] = [];
  for (let i = 0; i < 10; i++) {
    const res = await postLog(org.apiKey, `sequential ${i}`);
    const answered = Date.now();
    const posts = await roomOnceHolding(org.room.origin, org.orgId, [res.body.id], 0);
    const post = posts.find((p) => messagesOf([p]).some((m) => m.log.id === res.body.id))!;
    lags.push(post.at - answered);
  }
  const elapsed = Date.now() - started;
  console.log(`10 sequential logs to the room in ${elapsed} ms (room POST after the answer: ${lags.join(", ")} ms)`);
  expect(elapsed).toBeLessThan(2_000); // ~1 s here on a loaded machine; ≥ 2.25 s with the old 250 ms window
});
