// Delivery-test helpers (workerd side): the local receiver started by test/receivers.ts, a queue
// that records what the worker sends, and calls into the worker's fetch and queue handlers with a
// test-chosen env (loopback receivers need ALLOW_PRIVATE_WEBHOOKS; the suite default is "false").
import { createExecutionContext, createMessageBatch, env, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { inject } from "vitest";
import type { Bindings } from "../src/env";
import { consumeDeliveries } from "../src/delivery/consumer";
import type { DeliveryOptions } from "../src/delivery/deliver-webhook";
import type { DeliveryMessage } from "../src/delivery/messages";
import worker from "../src/index";
import { BASE, type CallResult } from "./helpers";
import type { ReceivedRequest } from "./receivers";

/** A receiver namespace of its own: `url("fail-twice")` → http://127.0.0.1:<port>/<unique>/fail-twice. */
export function receiver() {
  const origin = inject("receiverOrigin");
  const prefix = `/${crypto.randomUUID()}`;
  return {
    origin,
    url: (name = "ok") => `${origin}${prefix}/${name}`,
    async requests(name = "ok"): Promise<ReceivedRequest[]> {
      const res = await fetch(`${origin}/_requests?path=${encodeURIComponent(`${prefix}/${name}`)}`);
      return res.json();
    },
    /** Every path of this namespace answers 503, or drops the connection, or (`up`) works again. */
    async outage(mode: "503" | "reset" | "up") {
      await fetch(`${origin}/_outage?prefix=${encodeURIComponent(prefix)}&mode=${mode}`, { method: "POST" });
    },
    /** This namespace's own listener: `closed` refuses connections; `open` listens again on the same port. Answers its origin. */
    async listener(state: "open" | "closed"): Promise<string> {
      const res = await fetch(`${origin}/_listener?prefix=${encodeURIComponent(prefix)}&state=${state}`, { method: "POST" });
      return ((await res.json()) as { origin: string }).origin;
    },
  };
}

/** A DELIVERY_QUEUE stand-in that keeps every message body and counts sendBatch calls. */
export function recordingQueue(fail = false) {
  const sent: DeliveryMessage[] = [];
  const batchSizes: number[] = [];
  const queue = {
    async send(body: DeliveryMessage) {
      if (fail) throw new Error("queue unavailable");
      sent.push(structuredClone(body));
    },
    async sendBatch(messages: Iterable<MessageSendRequest<DeliveryMessage>>) {
      if (fail) throw new Error("queue unavailable");
      const list = [...messages];
      batchSizes.push(list.length);
      sent.push(...list.map((m) => structuredClone(m.body)));
    },
  };
  return { queue: queue as unknown as Queue<DeliveryMessage>, sent, batchSizes };
}

/** Loopback receivers allowed; no PARTY_SECRET, so ingestion skips the realtime notify (no party server in tests). */
export const testEnv = (overrides: Partial<Bindings> = {}): Bindings => ({
  ...env,
  ALLOW_PRIVATE_WEBHOOKS: "true",
  PARTY_SECRET: "",
  ...overrides,
});

/** One API call through the worker's fetch handler with `bindings`; waits for its waitUntil work. */
export async function callWith<T = any>(
  bindings: Bindings,
  method: string,
  path: string,
  opts: { key?: string; body?: unknown } = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = {};
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${BASE}/api${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) }),
    bindings,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers, text };
}

let seq = 0;

/**
 * Delivers `bodies` as the queue would on attempt number `attempts` (the queue's message ids are
 * its own; `webhook-id` comes from the body). Answers what the consumer acked and retried.
 */
export async function runQueue(bindings: Bindings, bodies: DeliveryMessage[], attempts = 1, opts?: DeliveryOptions) {
  const batch = createMessageBatch<DeliveryMessage>(
    "promptsentry-deliveries",
    bodies.map((body) => ({ id: `q${++seq}`, timestamp: new Date(), attempts, body })),
  );
  // The plugin's test messages record that retry() was called but drop its delaySeconds; keep them here.
  const delays = new Map<string, number | undefined>();
  for (const m of batch.messages) {
    const retry = m.retry.bind(m);
    m.retry = (options?: QueueRetryOptions) => {
      delays.set(m.id, options?.delaySeconds);
      retry(options);
    };
  }
  const ctx = createExecutionContext();
  if (opts) await consumeDeliveries(batch, bindings, ctx, opts);
  else await worker.queue(batch, bindings, ctx);
  const result = await getQueueResult(batch, ctx);
  const retryMessages = result.retryMessages.map((r) => ({ ...r, delaySeconds: delays.get(r.msgId) }));
  return { ...result, retryMessages, ids: batch.messages.map((m) => m.id) };
}
