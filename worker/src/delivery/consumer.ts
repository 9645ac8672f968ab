// Queue consumer (docs/delivery.md): delivers webhook and integration messages, then acknowledges each
// message or asks the queue to redeliver it later (backoff, Retry-After) — the queue keeps the
// pending retries, so nothing waits inside this invocation.
import { createDb } from "../tenancy/db";
import type { Bindings, Db } from "../env";
import { dataDbOf } from "../tenancy/shards";
import { deliverIntegration } from "./deliver-integration";
import { deliverWebhook, type DeliveryOptions } from "./deliver-webhook";
import type { DeliveryMessage } from "./messages";
import { backoffSeconds, MAX_ATTEMPTS } from "./retry-policy";

/** Workers keep at most 6 connections open per invocation; stay under it so no send waits on another's deadline. */
const PARALLEL_SENDS = 5;

async function handle(message: Message<DeliveryMessage>, env: Bindings, db: Db, opts: DeliveryOptions): Promise<void> {
  try {
    const body = message.body;
    // The message names the organization; its row in the control database names its shard now
    // (a tenant moved since the event was queued is delivered from where it lives).
    const data = await dataDbOf(env, db, body.orgId);
    if (!data) return message.ack();
    const dbs = { db, data };
    const verdict =
      body.kind === "webhook"
        ? await deliverWebhook(env, dbs, body, message.attempts, opts)
        : await deliverIntegration(env, dbs, body, message.attempts, opts);
    if (verdict.action === "retry") message.retry({ delaySeconds: verdict.delaySeconds });
    else message.ack();
  } catch (error) {
    // Our own failure (say, D1 briefly unavailable): try again later, but not forever.
    console.error("delivery failed", message.id, String(error));
    if (message.attempts >= MAX_ATTEMPTS) message.ack();
    else message.retry({ delaySeconds: backoffSeconds(message.attempts) });
  }
}

export async function consumeDeliveries(
  batch: MessageBatch<DeliveryMessage>,
  env: Bindings,
  ctx: ExecutionContext,
  opts: DeliveryOptions = {},
): Promise<void> {
  void ctx;
  const db = createDb(env.DB);
  const pending = [...batch.messages];
  const worker = async () => {
    for (let m = pending.shift(); m; m = pending.shift()) await handle(m, env, db, opts);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_SENDS, pending.length) }, worker));
}
