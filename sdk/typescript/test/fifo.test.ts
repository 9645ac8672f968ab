import { expect, it } from "vitest";
import { PromptSentry } from "../src/index";
import { Fifo } from "../src/fifo";

it("keeps order across compactions", () => {
  const q = new Fifo<number>();
  let next = 0;
  const out: number[] = [];
  for (let round = 0; round < 50; round++) {
    for (let i = 0; i < 300; i++) q.push(next++);
    for (let i = 0; i < 250; i++) out.push(q.shift()!);
  }
  while (q.length) out.push(q.shift()!);
  expect(out).toEqual(Array.from({ length: next }, (_, i) => i));
  expect(q.shift()).toBeUndefined();
  expect(q.peek()).toBeUndefined();
});

it("flushes a queue of 200 000 logs in linear time (injected fetch, no network)", async () => {
  let requests = 0;
  const sdk = new PromptSentry({
    apiKey: "k",
    baseUrl: "http://sdk.invalid",
    flushOnExit: false,
    maxQueueSize: 1_000_000,
    flushIntervalMs: 60_000,
    fetch: async () => {
      requests++;
      return new Response('{"ids":[]}', { status: 201 });
    },
  });
  const entry = { prompt: "Summarize the key points of our Q3 customer feedback report.", response: "ok", model: "gpt-4" };
  const t = performance.now();
  for (let i = 0; i < 200_000; i++) sdk.log(entry);
  await sdk.flush();
  // Quadratic queue handling took over 60 s here; linear takes well under one.
  expect(performance.now() - t).toBeLessThan(10_000);
  expect(requests).toBe(2_000);
  expect(sdk.stats).toMatchObject({ sent: 200_000, pending: 0 });
});
