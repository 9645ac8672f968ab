// Helpers for the scheduled jobs: fire a cron through the worker's real scheduled() handler, and
// store many logs in one statement (the insert triggers still maintain FTS and aggregates).
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../src/index";
import { dataD1, indexQueued } from "./helpers";

export async function runCron(cron: string, scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron, scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** The state migration 0014 leaves in a database that already held logs: log_facts empty, every rowid to copy. */
export async function asIfUpgraded(d1: D1Database) {
  const { first, last } = (await d1
    .prepare("SELECT min(rowid) AS first, max(rowid) AS last FROM prompt_logs")
    .first<{ first: number; last: number }>())!;
  await d1.batch([
    d1.prepare("DELETE FROM log_facts"),
    d1.prepare("INSERT INTO log_facts_backfill (id, next_rowid, last_rowid) VALUES (1, ?, ?)").bind(first, last),
  ]);
}

export type BulkLogs = {
  count: number;
  createdAt: number;
  /** Spread the logs evenly over this many ms after createdAt. */
  spreadMs?: number;
  model?: string;
  prompt?: string;
  flagStatus?: "safe" | "warning" | "critical";
  tokenCount?: number | null;
  estimatedCost?: number | null;
};

let batch = 0;
export async function bulkInsertLogs(orgId: string, logs: BulkLogs) {
  if (logs.count <= 0) return "";
  const tag = `bulk${(++batch).toString(36)}${crypto.randomUUID().slice(0, 8)}`;
  const step = logs.count > 1 && logs.spreadMs ? logs.spreadMs / logs.count : 0;
  await (await dataD1(orgId))
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1)
     INSERT INTO prompt_logs (id, org_id, created_at, model, prompt, response, token_count, estimated_cost, flag_status, flag_reasons, findings)
     SELECT ?2 || '-' || i, ?3, ?4 + CAST(i * ?5 AS INTEGER), ?6, ?7 || ' #' || i, 'ok', ?8, ?9, ?10, '[]', '[]' FROM n`,
    )
    .bind(
      logs.count,
      tag,
      orgId,
      logs.createdAt,
      step,
      logs.model ?? "gpt-4",
      logs.prompt ?? "bulk prompt",
      logs.tokenCount ?? null,
      logs.estimatedCost ?? null,
      logs.flagStatus ?? "safe",
    )
    .run();
  await indexQueued(await dataD1(orgId));
  return tag;
}
