import type { Bindings } from "./env";
import { app } from "./app";
import type { DeliveryMessage } from "./delivery/messages";
import { consumeDeliveries } from "./delivery/consumer";
import { runSchedule } from "./schedules";

// Durable Object classes (wrangler.toml [[durable_objects.bindings]]).
export { IngestCommitter } from "./ingestion/committer";

export default {
  fetch: app.fetch,
  queue: (batch, env, ctx) => consumeDeliveries(batch, env, ctx),
  scheduled: (controller, env, ctx) => runSchedule(controller, env, ctx),
} satisfies ExportedHandler<Bindings, DeliveryMessage>;
