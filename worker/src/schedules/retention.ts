// Retention purge (DESIGN §7): logs and webhook deliveries older than each organization's
// retentionDays go in bounded chunks. Each deleted log also leaves the FTS index (trigger); daily
// aggregates stay. One run does a bounded amount of work and the next run continues.
import { sql } from "drizzle-orm";
import { DEFAULT_RETENTION_DAYS } from "../../../schema/constants";
import type { Db } from "../env";

const DAY_MS = 86_400_000;
/** The anomaly detector reads a week of hourly counters; two weeks leaves room for late runs. */
export const HOURLY_USAGE_KEEP_DAYS = 14;

export type PurgeOptions = {
  /** Rows per DELETE statement (each is one short D1 statement). */
  chunkSize?: number;
  /** DELETE statements per run, all organizations together. */
  maxChunks?: number;
  /** DELETE statements per organization per turn, so one big backlog cannot starve the others. */
  maxChunksPerOrg?: number;
};

export type PurgeReport = { organizations: number; logs: number; deliveries: number; hourlyUsage: number; chunks: number; complete: boolean };

type Due = { id: string; cutoff: number };

/** Organizations with anything past their horizon: two index probes each, one statement. */
async function organizationsDue(db: Db, now: number): Promise<Due[]> {
  const rows = await db.all<{ id: string; cutoff: number }>(sql`
    SELECT id, cutoff FROM (
      SELECT o.id AS id, ${now} - coalesce(s.retention_days, ${DEFAULT_RETENTION_DAYS}) * ${DAY_MS} AS cutoff
      FROM organizations o LEFT JOIN org_settings s ON s.org_id = o.id
    ) AS horizon
    WHERE EXISTS (SELECT 1 FROM prompt_logs p WHERE p.org_id = horizon.id AND p.created_at < horizon.cutoff)
       OR EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.org_id = horizon.id AND d.created_at < horizon.cutoff)`);
  // Random order: when the budget runs out, no organization is always last.
  return rows.map((r) => ({ id: r.id, cutoff: Number(r.cutoff) })).sort(() => Math.random() - 0.5);
}

/** Deletes up to `size` expired rows. Counted with RETURNING: D1's `changes` also counts the FTS trigger's writes. */
type Table = "prompt_logs" | "webhook_deliveries";

async function deleteChunk(db: Db, table: Table, org: Due, size: number): Promise<number> {
  const deleted = await db.all(
    sql`DELETE FROM ${sql.identifier(table)} WHERE rowid IN (
      SELECT rowid FROM ${sql.identifier(table)} WHERE org_id = ${org.id} AND created_at < ${org.cutoff} LIMIT ${size}) RETURNING 1`,
  );
  return deleted.length;
}

export async function purgeExpired(db: Db, now: number, options: PurgeOptions = {}): Promise<PurgeReport> {
  const { chunkSize = 1_000, maxChunks = 50, maxChunksPerOrg = 10 } = options;
  const report: PurgeReport = { organizations: 0, logs: 0, deliveries: 0, hourlyUsage: 0, chunks: 0, complete: true };
  const budgetLeft = () => report.chunks < maxChunks;

  // Round robin: each organization gets up to maxChunksPerOrg statements a turn, and the turns go
  // on while budget is left, so a lone big backlog still uses the whole run.
  let pending = (await organizationsDue(db, now)).map((org) => ({ org, tables: ["prompt_logs", "webhook_deliveries"] as const as readonly Table[] }));
  report.organizations = pending.length;
  while (pending.length && budgetLeft()) {
    const unfinished: typeof pending = [];
    for (const item of pending) {
      let turn = 0;
      while (item.tables.length && turn < maxChunksPerOrg && budgetLeft()) {
        const table = item.tables[0];
        const deleted = await deleteChunk(db, table, item.org, chunkSize);
        report.chunks++;
        turn++;
        if (table === "prompt_logs") report.logs += deleted;
        else report.deliveries += deleted;
        if (deleted < chunkSize) item.tables = item.tables.slice(1);
      }
      if (item.tables.length) unfinished.push(item);
    }
    pending = unfinished;
  }
  report.complete = pending.length === 0;

  // The detector's hourly counters are working data, not history: keep two weeks.
  if (budgetLeft()) {
    const pruned = await db.all(
      sql`DELETE FROM hourly_usage WHERE rowid IN (SELECT rowid FROM hourly_usage WHERE hour < ${now - HOURLY_USAGE_KEEP_DAYS * DAY_MS} LIMIT ${chunkSize * 10}) RETURNING 1`,
    );
    report.hourlyUsage = pruned.length;
    report.chunks++;
  }
  return report;
}
