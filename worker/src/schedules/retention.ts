// Retention purge (docs/delivery.md, docs/log-flow.md#afterwards-backfill-and-retention): a log's prompt, response and metadata are purged at the
// organization's retentionDays (the row stays, marked content expired: model, user, session,
// tokens, cost, latency, flag and reasons outlive the bodies), and the whole log goes at
// metadataRetentionDays; webhook deliveries and audit records (in the shards and the control database)
// go at retentionDays. Bounded chunks; each purge or
// deletion also updates the FTS index (triggers); daily aggregates stay. One run does a bounded
// amount of work and the next run continues.
import { sql, type SQL } from "drizzle-orm";
import { DAY_MS } from "@promptsentry/schema/constants/time";
import { DEFAULT_METADATA_RETENTION_DAYS, DEFAULT_RETENTION_DAYS } from "@promptsentry/schema/constants/privacy";
import { DELIVERY_CLAIM_KEEP_DAYS } from "@promptsentry/schema/constants/delivery";
import type { Bindings, Db } from "../env";
import { SCRUB_BODIES, SCRUB_LOG } from "../lib/scrub";
import { createDb } from "../tenancy/db";
import { livePoolSegmentsByDb, poolD1 } from "../tenancy/segments";
import { logDatabases } from "../tenancy/log-databases";
import { allShards } from "../tenancy/shards";
import { chunkRows, inChunks } from "../queries/chunks";

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

export type PurgeReport = {
  organizations: number;
  /** Logs deleted whole (past metadataRetentionDays). */
  logs: number;
  /** Logs whose prompt, response and metadata were purged (past retentionDays). */
  contents: number;
  deliveries: number;
  /** Audit records past retentionDays, in the data shards and the control database. */
  audit: number;
  hourlyUsage: number;
  /** Expired or revoked dashboard sessions deleted. */
  sessions: number;
  /** Delivery claims older than every possible queue retry of their message. */
  deliveryClaims: number;
  chunks: number;
  complete: boolean;
};

/** What a chunk does: delete whole logs, purge log bodies, delete webhook deliveries or audit records. */
type Task = "logs" | "contents" | "deliveries" | "audit";
type Horizon = { id: string; bodyCutoff: number; metadataCutoff: number };
type Due = Horizon & { data: Db; tasks: Task[] };

/** Organizations whose horizons go into one statement (one JSON parameter). */
const HORIZONS_PER_STATEMENT = 500;

/** Every organization's horizons, by the shard its row names: settings live in the control database. */
async function horizonsByShard(db: Db, now: number): Promise<Map<number, Horizon[]>> {
  const rows = await db.all<{ id: string; shard: number; body_cutoff: number; metadata_cutoff: number }>(sql`
    SELECT o.id AS id, o.shard AS shard,
      ${now} - coalesce(s.retention_days, ${DEFAULT_RETENTION_DAYS}) * ${DAY_MS} AS body_cutoff,
      ${now} - max(coalesce(s.metadata_retention_days, ${DEFAULT_METADATA_RETENTION_DAYS}), coalesce(s.retention_days, ${DEFAULT_RETENTION_DAYS})) * ${DAY_MS} AS metadata_cutoff
    FROM organizations o LEFT JOIN org_settings s ON s.org_id = o.id`);
  const byShard = new Map<number, Horizon[]>();
  for (const r of rows) {
    const list = byShard.get(Number(r.shard)) ?? [];
    list.push({ id: r.id, bodyCutoff: Number(r.body_cutoff), metadataCutoff: Number(r.metadata_cutoff) });
    byShard.set(Number(r.shard), list);
  }
  return byShard;
}

/**
 * Of these organizations (all on shard `data`), those with anything past their horizons, and which
 * tasks: three index probes each, one statement per HORIZONS_PER_STATEMENT organizations, the horizons
 * bound as one JSON parameter (they come from the control database, the rows are in the shard).
 */
async function organizationsDue(data: Db, horizons: Horizon[]): Promise<Due[]> {
  const due: Due[] = [];
  for (let i = 0; i < horizons.length; i += HORIZONS_PER_STATEMENT) {
    const batch = JSON.stringify(horizons.slice(i, i + HORIZONS_PER_STATEMENT).map((h) => [h.id, h.bodyCutoff, h.metadataCutoff]));
    const rows = await data.all<{ id: string; logs: number; contents: number; deliveries: number; audit: number }>(sql`
      SELECT id,
        EXISTS (SELECT 1 FROM prompt_logs p WHERE p.org_id = horizon.id AND p.created_at < horizon.metadata_cutoff) AS logs,
        EXISTS (SELECT 1 FROM prompt_logs p INDEXED BY prompt_logs_org_unpurged
                WHERE p.org_id = horizon.id AND p.created_at >= horizon.metadata_cutoff AND p.created_at < horizon.body_cutoff
                  AND p.content_purged_at IS NULL) AS contents,
        EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.org_id = horizon.id AND d.created_at < horizon.body_cutoff) AS deliveries,
        EXISTS (SELECT 1 FROM audit_log a INDEXED BY audit_log_org_created
                WHERE a.org_id = horizon.id AND a.created_at < horizon.body_cutoff) AS audit
      FROM (
        SELECT value ->> 0 AS id, value ->> 1 AS body_cutoff, value ->> 2 AS metadata_cutoff FROM json_each(${batch})
      ) AS horizon
      WHERE logs OR contents OR deliveries OR audit`);
    const byId = new Map(horizons.map((h) => [h.id, h]));
    for (const r of rows)
      due.push({
        ...byId.get(r.id)!,
        data,
        // Whole logs first: their bodies then need no purge of their own.
        tasks: (["logs", "contents", "deliveries", "audit"] as const).filter((t) => Number(r[t]) === 1),
      });
  }
  return due;
}

/** Organizations with work, of every shard; random order: when the budget runs out, no organization is always last. */
async function allDue(env: Bindings, db: Db, now: number): Promise<Due[]> {
  const horizons = await horizonsByShard(db, now);
  const due: Due[] = [];
  for (const { shard, data } of allShards(env)) due.push(...(await organizationsDue(data, horizons.get(shard) ?? [])));
  // The live pool segments (tenancy/segments.ts) are trimmed the same way; wholly expired ones were emptied first (segments.ts).
  const byOrg = new Map([...horizons.values()].flat().map((h) => [h.id, h]));
  for (const [name, orgIds] of await livePoolSegmentsByDb(db))
    due.push(
      ...(await organizationsDue(
        createDb(poolD1(env, name)),
        orgIds.flatMap((id) => byOrg.get(id) ?? []),
      )),
    );
  return due.sort(() => Math.random() - 0.5);
}

/**
 * One bounded statement of `task`, counted by the rows it returns (see chunkRows). Logs and bodies are
 * overwritten with zeros first, in the same transaction (lib/scrub.ts): the file keeps no copy of
 * them. Both statements select their rows alike, so the second finds exactly the rows the first
 * overwrote (the overwrite changes none of the columns the selection reads).
 */
async function runChunk(task: Task, org: Due, size: number): Promise<number> {
  if (task === "logs" || task === "contents") {
    const [scrub, rows, params] =
      task === "logs"
        ? [SCRUB_LOG, `SELECT rowid FROM prompt_logs WHERE org_id = ? AND created_at < ? LIMIT ?`, [org.id, org.metadataCutoff, size]]
        : [
            SCRUB_BODIES,
            `SELECT rowid FROM prompt_logs INDEXED BY prompt_logs_org_unpurged
              WHERE org_id = ? AND created_at < ? AND content_purged_at IS NULL LIMIT ?`,
            [org.id, org.bodyCutoff, size],
          ];
    const change =
      task === "logs"
        ? `DELETE FROM prompt_logs WHERE rowid IN (${rows}) RETURNING 1`
        : // The FTS update trigger drops the old text from the index; fingerprints stay with the metadata.
          `UPDATE prompt_logs SET prompt = '', response = '', metadata = NULL, messages = NULL, content_purged_at = ? WHERE rowid IN (${rows}) RETURNING 1`;
    // The D1 binding itself: drizzle's batch cannot take raw SQL with bound parameters.
    const d1 = (org.data as Db & { $client: D1Database }).$client;
    const [, changed] = await d1.batch([
      d1.prepare(`UPDATE prompt_logs SET ${scrub} WHERE rowid IN (${rows})`).bind(...params),
      d1.prepare(change).bind(...(task === "logs" ? params : [Date.now(), ...params])),
    ]);
    // RETURNING rows, not meta.changes, which also counts the triggers' writes (see chunkRows).
    return changed.results.length;
  }
  const statement = {
    deliveries: sql`DELETE FROM webhook_deliveries WHERE rowid IN (
      SELECT rowid FROM webhook_deliveries WHERE org_id = ${org.id} AND created_at < ${org.bodyCutoff} LIMIT ${size}) RETURNING 1`,
    audit: sql`DELETE FROM audit_log WHERE rowid IN (
      SELECT rowid FROM audit_log INDEXED BY audit_log_org_created WHERE org_id = ${org.id} AND created_at < ${org.bodyCutoff} LIMIT ${size}) RETURNING 1`,
  }[task];
  return chunkRows(org.data, statement);
}

/** One run over the control database (sessions) and every data shard (logs, deliveries, counters, claims), one budget. */
export async function purgeExpired(env: Bindings, db: Db, now: number, options: PurgeOptions = {}): Promise<PurgeReport> {
  const { chunkSize = 1_000, maxChunks = 50, maxChunksPerOrg = 10 } = options;
  const report: PurgeReport = {
    organizations: 0,
    logs: 0,
    contents: 0,
    deliveries: 0,
    audit: 0,
    hourlyUsage: 0,
    sessions: 0,
    deliveryClaims: 0,
    chunks: 0,
    complete: true,
  };
  const budgetLeft = () => report.chunks < maxChunks;

  // Round robin: each organization gets up to maxChunksPerOrg statements a turn, and the turns go
  // on while budget is left, so a lone big backlog still uses the whole run.
  let pending = await allDue(env, db, now);
  report.organizations = pending.length;
  while (pending.length && budgetLeft()) {
    const unfinished: typeof pending = [];
    for (const org of pending) {
      let turn = 0;
      while (org.tasks.length && turn < maxChunksPerOrg && budgetLeft()) {
        const task = org.tasks[0];
        const done = await runChunk(task, org, chunkSize);
        report.chunks++;
        turn++;
        report[task] += done;
        if (done < chunkSize) org.tasks = org.tasks.slice(1);
      }
      if (org.tasks.length) unfinished.push(org);
    }
    pending = unfinished;
  }
  report.complete = pending.length === 0;

  // The detector's hourly counters are working data, not history: keep two weeks (in every segment).
  for (const data of await logDatabases(env, db)) {
    if (!budgetLeft()) break;
    report.hourlyUsage += await chunkRows(
      data,
      sql`DELETE FROM hourly_usage WHERE rowid IN (SELECT rowid FROM hourly_usage WHERE hour < ${now - HOURLY_USAGE_KEEP_DAYS * DAY_MS} LIMIT ${chunkSize * 10}) RETURNING 1`,
    );
    report.chunks++;
  }
  await purgeWorkingRows(env, db, now, chunkSize, maxChunks, report);
  return report;
}

/**
 * Rows no request can use any more, deleted in bounded chunks through their indexes: sessions past
 * their absolute expiry or revoked (a revoked row only ever answers "no session", as a missing row
 * does), delivery claims older than any retry of their message, and the control database's audit
 * records past their organization's retentionDays (one probe of audit_log_org_created per
 * organization; the shards' records are the per-organization "audit" task above). Shares the run's budget.
 */
async function purgeWorkingRows(env: Bindings, db: Db, now: number, size: number, maxChunks: number, report: PurgeReport) {
  const jobs: [Db, "sessions" | "deliveryClaims" | "audit", SQL][] = [
    [
      db,
      "audit",
      sql`DELETE FROM audit_log WHERE rowid IN (
      SELECT a.rowid FROM organizations o LEFT JOIN org_settings s ON s.org_id = o.id
      JOIN audit_log a INDEXED BY audit_log_org_created
        ON a.org_id = o.id AND a.created_at < ${now} - coalesce(s.retention_days, ${DEFAULT_RETENTION_DAYS}) * ${DAY_MS}
      LIMIT ${size}) RETURNING 1`,
    ],
    [
      db,
      "sessions",
      sql`DELETE FROM sessions WHERE rowid IN (SELECT rowid FROM sessions INDEXED BY sessions_expires WHERE expires_at <= ${now} LIMIT ${size}) RETURNING 1`,
    ],
    [
      db,
      "sessions",
      sql`DELETE FROM sessions WHERE rowid IN (SELECT rowid FROM sessions INDEXED BY sessions_revoked WHERE revoked_at IS NOT NULL LIMIT ${size}) RETURNING 1`,
    ],
    // Claims are in the data shards, with the deliveries they guard.
    ...allShards(env).map(
      ({ data }) =>
        [
          data,
          "deliveryClaims",
          sql`DELETE FROM delivery_claims WHERE rowid IN (
      SELECT rowid FROM delivery_claims INDEXED BY delivery_claims_claimed WHERE claimed_at < ${now - DELIVERY_CLAIM_KEEP_DAYS * DAY_MS} LIMIT ${size}) RETURNING 1`,
        ] as [Db, "deliveryClaims", SQL],
    ),
  ];
  for (const [target, field, statement] of jobs) {
    const done = await inChunks(target, statement, size, maxChunks - report.chunks);
    report[field] += done.rows;
    report.chunks += done.chunks;
  }
}
