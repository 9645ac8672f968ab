// Scheduled work (docs/delivery.md), dispatched by the cron expression that fired (wrangler.toml [triggers]).
// Every job takes the controller's scheduledTime as "now", so a late or retried run judges the
// moment it was meant for.
import type { Bindings } from "../env";
import { createDb } from "../tenancy/db";
import { detectAnomalies } from "./anomalies";
import { refreshDueMetrics } from "./metric-refresh";
import { redactStoredLogs } from "./redaction-backfill";
import { purgeExpired } from "./retention";
import { backfillLogFacts } from "./log-facts-backfill";
import { backfillSearchIndex } from "./search-backfill";
import { sweepOtelPending } from "./otel-pending";
import { dropExpiredSegments, rollSegments, segmentBudget } from "./segments";

export const CRONS = {
  metrics: "* * * * *",
  anomalies: "*/5 * * * *",
  retention: "17 * * * *",
} as const;

export async function runSchedule(controller: ScheduledController, env: Bindings, ctx: ExecutionContext): Promise<void> {
  void ctx;
  // The control database; jobs over logs and what derives from them go through every data shard (tenancy/shards.ts).
  const db = createDb(env.DB);
  const now = controller.scheduledTime;
  const started = Date.now();
  let result: unknown;
  switch (controller.cron) {
    case CRONS.metrics:
      // Each minute also redacts a chunk of logs stored before redaction existed (docs/log-flow.md#afterwards-backfill-and-retention),
      // indexes logs stored before the tenant search index (migration 0010) and copies logs stored
      // before log_facts (migration 0014), each for a bounded time; and logs or drops the OTLP
      // parts that waited in vain for the rest of their call (otel/pending.ts).
      result = {
        otel: await sweepOtelPending(env, db, now),
        metrics: await refreshDueMetrics(env, db, now),
        redaction: await redactStoredLogs(env, db),
        search: await backfillSearchIndex(env, db),
        facts: await backfillLogFacts(env, db),
        // Off (null) unless LOG_SEGMENT_BUDGET_BYTES is set: docs/scaling.md#step-3--segments.
        segments: await rollSegmentsIfEnabled(env, db, now),
      };
      break;
    case CRONS.anomalies:
      result = await detectAnomalies(env, db, now);
      break;
    case CRONS.retention:
      // Wholly expired segments are emptied first, so the row-wise purge never deletes their rows one by one.
      result = { segmentsDropped: await dropExpiredSegments(env, db, now), ...(await purgeExpired(env, db, now)) };
      break;
    default:
      console.warn("schedule: no job for cron", controller.cron);
      return;
  }
  console.log("schedule", controller.cron, JSON.stringify(result), `${Date.now() - started}ms`);
}

function rollSegmentsIfEnabled(env: Bindings, db: ReturnType<typeof createDb>, now: number) {
  const budget = segmentBudget(env);
  return budget === null ? null : rollSegments(env, db, now, budget);
}
