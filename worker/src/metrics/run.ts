// Running a checked metric query (docs/data.md): `logs` is bound to the caller's organization and the
// last LOGS_WINDOW_DAYS, results are capped, and the value is stored with its time (or its error).
import { type SQL, sql } from "drizzle-orm";
import { DAY_MS } from "@promptsentry/schema/constants/time";
import { LOGS_TEXT_COLUMNS } from "@promptsentry/schema/log-facts";
import type { CustomMetricRow } from "@promptsentry/schema/tables/metrics";
import type { Db } from "../env";
import { type CheckedQuery, MetricQueryError, prepareMetricQuery } from "./sandbox";
import { LOGS_COLUMNS } from "./sql-policy";
import { shapeMetricValue } from "./shape";
import { userFacingSqliteMessage } from "./sqlite-errors";

export const LOGS_WINDOW_DAYS = 30;
export const MAX_ROWS = 100;
/** Characters kept of each text or blob cell: labels are cut to 200 anyway (shape.ts). */
export const MAX_CELL_CHARS = 1_000;

/** The columns a metric sees, under the names the query uses (created_at in epoch ms). */
const LOGS_SELECT = LOGS_COLUMNS.join(", ");
/**
 * The same relation from log_facts, for a query that reads no text (CheckedQuery.readsText): the
 * texts are NULL there, which such a query never sees. Rows of about 150 bytes in (org_id,
 * created_at) order instead of one lookup of each log's row (migration 0014 says why).
 */
const FACTS_SELECT = LOGS_COLUMNS.map((c) => (LOGS_TEXT_COLUMNS.includes(c) ? `NULL AS ${c}` : c)).join(", ");

/**
 * A row carried from another segment, back to its column types: a JSON number that was a REAL with
 * no fraction (1.0) comes back as an integer, and `estimated_cost / 2` must not become an integer division.
 */
const CARRIED_SELECT = sql.raw(
  LOGS_COLUMNS.map((c, i) => {
    const cell = `json_extract(value, '$[${i}]')`;
    return c === "estimated_cost" ? `CAST(${cell} AS REAL)` : cell;
  }).join(", "),
);

export type MetricRows = { width: number; rows: unknown[][]; truncated: boolean };
/** Where `logs` is read from: log_facts serves a query that reads no text once the shard's copy is complete. */
export type LogsSource = "prompt_logs" | "log_facts";

/** The columns of `logs` in LOGS_COLUMNS order, the texts NULL unless `withText` (log_facts has none). */
export const logsColumns = (withText: boolean) => sql.raw(withText ? LOGS_SELECT : FACTS_SELECT);

/**
 * `WITH logs AS (…)`: the caller's organization and window, as bound parameters, plus the rows other
 * segments hold (`carried`, metrics/segment-run.ts), each a JSON array of rows in LOGS_COLUMNS order.
 */
export function logsCte(orgId: string, now: number, source: LogsSource = "prompt_logs", carried: readonly string[] = []) {
  const since = now - LOGS_WINDOW_DAYS * DAY_MS;
  const own = sql`SELECT ${logsColumns(source === "prompt_logs")} FROM ${sql.raw(source)} WHERE org_id = ${orgId} AND created_at >= ${since}`;
  if (!carried.length) return sql`WITH logs AS (${own})`;
  return sql`WITH logs AS (${own} UNION ALL SELECT ${CARRIED_SELECT} FROM ${jsonRows(carried)})`;
}

/**
 * The elements of JSON arrays bound as parameters, as `value`: one SELECT over every chunk (a VALUES
 * list is not a compound SELECT, which D1 caps at a few terms).
 */
export function jsonRows(chunks: readonly string[]) {
  if (!chunks.length) return sql`json_each('[]')`;
  const values = sql.join(
    chunks.map((rows) => sql`(${rows})`),
    sql`, `,
  );
  return sql`(VALUES ${values}) AS carried, json_each(carried.column1)`;
}

/** log_facts for a query that reads no text, once the database has no logs left to copy into it. */
export async function logsSource(db: Db, query: CheckedQuery): Promise<LogsSource> {
  if (query.readsText) return "prompt_logs";
  const [row] = await db.all<{ pending: number }>(sql`SELECT EXISTS (SELECT 1 FROM log_facts_backfill) AS pending`);
  return row && Number(row.pending) === 0 ? "log_facts" : "prompt_logs";
}

/**
 * The statement that runs a checked query. The user's SELECT is a CTE whose columns we name by
 * position, so at most MAX_ROWS + 1 rows of at most `width` cells of MAX_CELL_CHARS each ever leave
 * SQLite (and a query answering another number of columns than the policy counted fails).
 */
export function metricStatement(
  orgId: string,
  query: CheckedQuery,
  now: number,
  source: LogsSource = "prompt_logs",
  carried: readonly string[] = [],
) {
  return resultStatement(logsCte(orgId, now, source, carried), query);
}

type Runnable = { sql: string; width: number };

/** A checked statement after the CTE that binds its `logs`, its result capped as metricStatement says. */
export function resultStatement(logs: SQL, query: Runnable) {
  const names = Array.from({ length: query.width }, (_, i) => `c${i + 1}`);
  const capped = names.map((c) => `iif(typeof(${c}) IN ('text', 'blob'), substr(${c}, 1, ${MAX_CELL_CHARS}), ${c})`);
  return sql`${logs},
metric_result(${sql.raw(names.join(", "))}) AS (
${sql.raw(query.sql)}
)
SELECT ${sql.raw(capped.join(", "))} FROM metric_result LIMIT ${sql.raw(String(MAX_ROWS + 1))}`;
}

/**
 * Runs a query that prepareMetricQuery checked, over the organization's logs in `db` and the rows
 * `carried` from its other segments. Rows come back as arrays: duplicate column names cannot hide a value.
 */
export async function runMetricSql(
  db: Db,
  orgId: string,
  query: CheckedQuery,
  now: number,
  carried: readonly string[] = [],
): Promise<MetricRows> {
  return runResult(db, metricStatement(orgId, query, now, await logsSource(db, query), carried), query);
}

/** Runs a result statement (resultStatement), its SQLite error turned into a message for the user. */
export async function runResult(db: Db, statement: SQL, query: Runnable): Promise<MetricRows> {
  let rows: unknown[][];
  try {
    rows = await db.values(statement);
  } catch (error) {
    throw new MetricQueryError(`The query failed: ${userFacingSqliteMessage(cleanD1Message(error), query.sql)}`);
  }
  return { width: query.width, rows: rows.slice(0, MAX_ROWS), truncated: rows.length > MAX_ROWS };
}

/** "D1_ERROR: no such column: x at offset 12: SQLITE_ERROR" → "no such column: x". */
export function cleanD1Message(error: unknown) {
  // Drizzle wraps the D1 error (its message repeats the SQL and parameters); the cause is what SQLite said.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  return message
    .replace(/^(D1_ERROR|Error):\s*/i, "")
    .replace(/:\s*SQLITE_[A-Z_]+$/, "")
    .replace(/ at offset \d+/, "")
    .trim();
}

type MetricSpec = Pick<CustomMetricRow, "query" | "type" | "visualization">;

/** Checks, runs and shapes one metric query; throws MetricQueryError with a user-facing message. */
export async function computeMetricValue(db: Db, orgId: string, metric: MetricSpec, now: number): Promise<unknown> {
  const checked = prepareMetricQuery(metric.query);
  const result = await runMetricSql(db, orgId, checked, now);
  return shapeMetricValue(result, metric.type, metric.visualization);
}
