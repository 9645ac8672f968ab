// Moving a tenant to another data shard (docs/scaling.md "Moving a tenant"): copy its rows by org_id
// into the target, flip `organizations.shard` in the control database, copy again what was written to
// the source meanwhile, verify the counts, and only then delete it from the source. Every step can be
// run again: copies are INSERT OR IGNORE (or OR REPLACE for the aggregates), so a move interrupted
// anywhere is finished by running it again.
import { INDEX_QUEUED_LOGS } from "@promptsentry/schema/search-backfill";
import { DATA_TABLES, SEARCH_INDEXES } from "@promptsentry/schema/shards";
import type { Bindings } from "../env";
import { SCRUB_LOG } from "../lib/scrub";
import { forgetIngestContext } from "./context-cache";
import { isShard, shardBindings } from "./shards";

/** Rows read from the source per page. */
const PAGE_ROWS = 500;
/** D1 binds at most 100 parameters per statement. */
const MAX_PARAMS = 100;

const AGGREGATES = ["daily_usage", "daily_active_users", "hourly_usage"] as const;
/** Rebuilt in the target by the insert triggers of the copied logs (and the indexing that ends each page), not copied. */
const INDEXED = ["prompt_logs_trigrams", "search_tenants", "log_facts"] as const;
/**
 * Not copied: OTLP parts waiting minutes for the rest of their call (worker/src/otel/pending.ts). A
 * part claimed in the target meanwhile would come back with a second copy and be logged twice; the
 * source's are deleted with the tenant (a call split across the move is not joined).
 */
const TRANSIENT = ["otel_pending"] as const;

/**
 * Tables copied row for row: every data table (schema/shards.ts, which lists parents first:
 * flag_feedback references prompt_logs) but the search index and its tenant numbering, which the
 * insert trigger builds for each copied log, and the aggregates, copied last over what those
 * triggers built: the source's counters are the truth (retention never decrements them, so they
 * count logs that no longer exist anywhere).
 */
const COPIED = DATA_TABLES.filter(
  (t): t is Exclude<(typeof DATA_TABLES)[number], (typeof AGGREGATES)[number] | (typeof INDEXED)[number]> =>
    !(AGGREGATES as readonly string[]).includes(t) &&
    !(INDEXED as readonly string[]).includes(t) &&
    !(TRANSIENT as readonly string[]).includes(t),
);
export type MoveReport = { orgId: string; from: number; to: number; copied: Record<string, number>; deleted: number };
export type MoveOptions = {
  /** Between the flip and the second copy: long enough for every isolate to have re-read the row (CREDENTIAL_CACHE_TTL_MS). */
  settleMs?: number;
  /** Logs deleted per statement from the source (each deletion also updates its search index). */
  deleteChunk?: number;
};

async function copyTable(from: D1Database, to: D1Database, table: string, orgId: string, replace: boolean): Promise<number> {
  let copied = 0;
  let after = 0;
  for (;;) {
    const { results } = await from
      .prepare(`SELECT rowid AS _rowid, * FROM ${table} WHERE org_id = ? AND rowid > ? ORDER BY rowid LIMIT ${PAGE_ROWS}`)
      .bind(orgId, after)
      .all<Record<string, unknown>>();
    if (!results.length) return copied;
    after = Number(results[results.length - 1]._rowid);
    const columns = Object.keys(results[0]).filter((c) => c !== "_rowid");
    const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < results.length; i += perStatement) {
      const rows = results.slice(i, i + perStatement);
      const values = rows.map(() => `(${columns.map(() => "?").join(", ")})`).join(", ");
      statements.push(
        to
          .prepare(`INSERT OR ${replace ? "REPLACE" : "IGNORE"} INTO ${table} (${columns.join(", ")}) VALUES ${values}`)
          .bind(...rows.flatMap((r) => columns.map((c) => r[c]))),
      );
    }
    // Copied logs are indexed in their page's transaction, as every write of logs is (migration 0013).
    if (table === "prompt_logs") for (const statement of INDEX_QUEUED_LOGS) statements.push(to.prepare(statement));
    await to.batch(statements);
    copied += results.length;
  }
}

async function copyRows(from: D1Database, to: D1Database, orgId: string): Promise<Record<string, number>> {
  const copied: Record<string, number> = {};
  for (const table of COPIED) copied[table] = await copyTable(from, to, table, orgId, false);
  return copied;
}

/**
 * The source's counters replace what the copied logs' triggers built in the target (the source's also
 * count purged logs, and its hourly rows are pruned). Counters of logs written to the target between
 * the flip and this step are overwritten too: the known cost of moving without pausing (scaling.md).
 */
async function replaceAggregates(from: D1Database, to: D1Database, orgId: string): Promise<Record<string, number>> {
  await to.batch(AGGREGATES.map((t) => to.prepare(`DELETE FROM ${t} WHERE org_id = ?`).bind(orgId)));
  const copied: Record<string, number> = {};
  for (const table of AGGREGATES) copied[table] = await copyTable(from, to, table, orgId, true);
  return copied;
}

const countOf = async (d1: D1Database, table: string, orgId: string) =>
  (await d1.prepare(`SELECT count(*) AS n FROM ${table} WHERE org_id = ?`).bind(orgId).first<{ n: number }>())!.n;

/**
 * Every data table holds at least as many of the organization's rows in the target as in the source
 * (more when logs arrived in the target since the flip).
 */
async function verify(from: D1Database, to: D1Database, orgId: string): Promise<void> {
  for (const table of DATA_TABLES) {
    if (SEARCH_INDEXES.includes(table) || (TRANSIENT as readonly string[]).includes(table)) continue;
    const [a, b] = [await countOf(from, table, orgId), await countOf(to, table, orgId)];
    if (b < a) throw new Error(`shard move of ${orgId}: ${table} has ${a} rows in the source and ${b} in the target; nothing deleted`);
  }
}

/**
 * The tenant's rows in the source, logs in bounded chunks (each overwritten with zeros first, so the
 * source file keeps no copy of their text: lib/scrub.ts), then its stub row (whose cascade takes the rest).
 */
async function deleteFrom(d1: D1Database, orgId: string, chunk: number): Promise<number> {
  let deleted = 0;
  // Both statements select alike, in one transaction: the delete takes exactly the rows overwritten.
  const rows = `SELECT rowid FROM prompt_logs WHERE org_id = ? LIMIT ${chunk}`;
  for (;;) {
    const [, { results }] = await d1.batch([
      d1.prepare(`UPDATE prompt_logs SET ${SCRUB_LOG} WHERE rowid IN (${rows})`).bind(orgId),
      d1.prepare(`DELETE FROM prompt_logs WHERE rowid IN (${rows}) RETURNING 1`).bind(orgId),
    ]);
    deleted += results.length;
    if (results.length < chunk) break;
  }
  await d1.batch([
    ...DATA_TABLES.filter((t) => t !== "prompt_logs" && !SEARCH_INDEXES.includes(t)).map((t) =>
      d1.prepare(`DELETE FROM ${t} WHERE org_id = ?`).bind(orgId),
    ),
    d1.prepare("DELETE FROM organizations WHERE id = ?").bind(orgId),
  ]);
  return deleted;
}

/**
 * Moves the organization's data to shard `to`. Ingestion keeps running: writes that reach the source
 * after the first copy (before the flip, or from an isolate that had not re-read the row yet) are
 * caught by the second copy after `settleMs`; the source is deleted only once the counts agree.
 */
export async function moveTenant(env: Bindings, orgId: string, to: number, options: MoveOptions = {}): Promise<MoveReport> {
  const { settleMs = 15_000, deleteChunk = 2_000 } = options;
  if (!isShard(to)) throw new Error(`No data shard ${to}`);
  const row = await env.DB.prepare("SELECT shard FROM organizations WHERE id = ?").bind(orgId).first<{ shard: number }>();
  if (!row) throw new Error(`No organization ${orgId}`);
  const from = row.shard;
  if (from === to) return { orgId, from, to, copied: {}, deleted: 0 };
  const shards = shardBindings(env);
  const [source, target] = [shards[from], shards[to]];

  await target.prepare("INSERT OR IGNORE INTO organizations (id, name, email, shard) VALUES (?, '', '', ?)").bind(orgId, to).run();
  await copyRows(source, target, orgId);
  await env.DB.prepare("UPDATE organizations SET shard = ? WHERE id = ? AND shard = ?").bind(to, orgId, from).run();
  if (settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs));
  const copied = { ...(await copyRows(source, target, orgId)), ...(await replaceAggregates(source, target, orgId)) };
  // The committer counts usage from what it read in the target after the flip; the source's counters
  // just replaced those. Offline (scripts/dev/shard-move.mjs, the stack stopped) no committer runs.
  if (env.INGEST_COMMITTER) await forgetIngestContext(env, orgId);
  await verify(source, target, orgId);
  const deleted = await deleteFrom(source, orgId, deleteChunk);
  return { orgId, from, to, copied, deleted };
}
