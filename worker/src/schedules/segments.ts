// Segment upkeep (docs/scaling.md#step-3--segments): the minute schedule opens an organization's next
// segment ahead of time once its newest one has passed the size budget (so the write path never waits
// for it), and the hourly retention run drops, then empties whole, the segments whose every log is
// past the organization's metadata horizon. The budget is LOG_SEGMENT_BUDGET_BYTES (wrangler.toml);
// unset or 0, no segment is ever opened.
import { and, isNotNull, isNull, sql } from "drizzle-orm";
import { DAY_MS } from "@promptsentry/schema/constants/time";
import { DEFAULT_METADATA_RETENTION_DAYS, DEFAULT_RETENTION_DAYS } from "@promptsentry/schema/constants/privacy";
import { DATA_SHARDS } from "@promptsentry/schema/shards";
import { orgSettings } from "@promptsentry/schema/tables/organizations";
import { logSegments } from "@promptsentry/schema/tables/segments";
import type { Bindings, Db } from "../env";
import { keepSegmentAuditRecords } from "../tenancy/segment-audit";
import { emptySegmentDatabase } from "../tenancy/segment-empty";
import { markDropped, markEmptied, openNextSegment, poolD1, SEGMENT_LEAD_MS } from "../tenancy/segments";

/** The configured budget in bytes, or null: never roll over. */
export function segmentBudget(env: Pick<Bindings, "LOG_SEGMENT_BUDGET_BYTES">): number | null {
  const bytes = Number(env.LOG_SEGMENT_BUDGET_BYTES);
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : null;
}

/** A database's file size: D1 reports it on every result (`meta.size_after`). */
async function databaseBytes(d1: D1Database): Promise<number> {
  const { meta } = await d1.prepare("SELECT 1").run();
  return Number(meta.size_after ?? 0);
}

/**
 * Each tenant's estimated bytes in a shared shard (segment 0): the shard's size shared by the logs
 * each has written (daily_usage, a few rows per tenant and day). Only asked when the whole shard is
 * past the budget, which no tenant's share can be otherwise.
 */
async function sharesOver(d1: D1Database, budget: number): Promise<{ orgId: string; bytes: number }[]> {
  const size = await databaseBytes(d1);
  if (size < budget) return [];
  const { results } = await d1
    .prepare("SELECT org_id, sum(total) AS n FROM daily_usage GROUP BY org_id")
    .all<{ org_id: string; n: number }>();
  const all = results.reduce((sum, r) => sum + Number(r.n), 0);
  return results.map((r) => ({ orgId: r.org_id, bytes: all > 0 ? (size * Number(r.n)) / all : 0 })).filter((r) => r.bytes >= budget);
}

export type RolloverReport = { opened: number; poolFull: number };

/**
 * Opens the next segment of every organization whose newest segment is past `budget` bytes and has
 * started (one opened ahead and not yet started is left alone).
 */
export async function rollSegments(
  env: Bindings,
  control: Db,
  now: number,
  budget: number,
  leadMs = SEGMENT_LEAD_MS,
): Promise<RolloverReport> {
  const report: RolloverReport = { opened: 0, poolFull: 0 };
  const newest = await control.all<{ org_id: string; db: string; starts_at: number }>(sql`
    SELECT org_id, db, starts_at FROM ${logSegments} s
    WHERE seq = (SELECT max(seq) FROM ${logSegments} WHERE org_id = s.org_id)`);
  const due: string[] = [];
  for (const s of newest) if (s.starts_at <= now && (await databaseBytes(poolD1(env, s.db))) >= budget) due.push(s.org_id);
  // Tenants of a shared shard by their share, biggest first: when the pool runs short, they need it most.
  const rolled = new Set(newest.map((s) => s.org_id));
  const shared = (await Promise.all(DATA_SHARDS.map((shard) => sharesOver(env[shard], budget)))).flat();
  for (const s of shared.sort((a, b) => b.bytes - a.bytes)) if (!rolled.has(s.orgId)) due.push(s.orgId);
  for (const orgId of due) {
    if (await openNextSegment(env, control, orgId, now, leadMs)) report.opened++;
    else report.poolFull++;
  }
  if (report.poolFull) console.warn("segments: pool used up", JSON.stringify(report));
  return report;
}

/**
 * Retention's whole-segment step, in two phases so that the logs leave every read at once while the
 * database's pages are freed after: each pool segment whose successor started before the
 * organization's metadata horizon (so every id in it was stamped before the horizon) and that holds no
 * log stamped after it is dropped (one directory write), then every dropped segment not yet emptied is
 * emptied whole and its database freed. A run that stops between the two leaves the database held, not
 * free, and the next run empties it. Segment 0 (the shared home shard) is never dropped whole: the
 * row-wise purge (retention.ts) trims it. Answers the segments dropped.
 */
export async function dropExpiredSegments(env: Bindings, control: Db, now: number): Promise<number> {
  const dropped = await retireExpiredSegments(env, control, now);
  await emptyDroppedSegments(env, control, now);
  return dropped;
}

/** Phase one: drops (out of the chain) every expired pool segment. */
export async function retireExpiredSegments(env: Bindings, control: Db, now: number): Promise<number> {
  const expired = await control.all<{ org_id: string; seq: number; db: string; cutoff: number }>(sql`
    SELECT s.org_id, s.seq, s.db,
      ${now} - max(coalesce(o.metadata_retention_days, ${DEFAULT_METADATA_RETENTION_DAYS}), coalesce(o.retention_days, ${DEFAULT_RETENTION_DAYS})) * ${DAY_MS} AS cutoff
    FROM ${logSegments} s LEFT JOIN ${orgSettings} o ON o.org_id = s.org_id
    WHERE s.dropped_at IS NULL
      AND (SELECT n.starts_at FROM ${logSegments} n WHERE n.org_id = s.org_id AND n.seq = s.seq + 1) <= cutoff`);
  let dropped = 0;
  for (const s of expired) {
    const newer = await poolD1(env, s.db)
      .prepare("SELECT 1 FROM prompt_logs WHERE org_id = ? AND created_at > ? LIMIT 1")
      .bind(s.org_id, s.cutoff)
      .first();
    if (newer) continue;
    await markDropped(control, s.org_id, s.seq, now);
    dropped++;
  }
  return dropped;
}

/** Phase two: empties the database of every dropped segment not yet emptied (its audit records kept), and frees it. */
export async function emptyDroppedSegments(env: Bindings, control: Db, now: number): Promise<number> {
  const due = await control
    .select({ orgId: logSegments.orgId, seq: logSegments.seq, db: logSegments.db })
    .from(logSegments)
    .where(and(isNotNull(logSegments.droppedAt), isNull(logSegments.emptiedAt)));
  for (const s of due) {
    const d1 = poolD1(env, s.db);
    await keepSegmentAuditRecords(d1, env.DB, s.orgId);
    await emptySegmentDatabase(d1);
    // The tenant's stub goes too: the database is free for another organization's segment.
    await d1.prepare("DELETE FROM organizations WHERE id = ?").bind(s.orgId).run();
    await markEmptied(control, s.orgId, s.seq, now);
  }
  return due.length;
}
