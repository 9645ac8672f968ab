// Running a PartialsPlan (partials-plan.ts): its partial statements on every segment the window
// overlaps, in parallel, then its final statement once over all their rows, bound as JSON. The rows
// keep their SQLite types on the way: an integer travels as its digits (not a JavaScript number,
// which is exact only to 2^53), a real as the shortest text that reads back as the same double,
// always with a point or an exponent (so 3.0 stays REAL and `sum(x) / 2` never becomes an integer division).
import { sql } from "drizzle-orm";
import type { Db } from "../env";
import type { Segment } from "../tenancy/segments";
import { type CarryLimits, chunked } from "./json-chunks";
import type { PartialsPlan } from "./partials-plan";
import { cleanD1Message, jsonRows, logsCte, logsSource, type MetricRows, resultStatement, runResult } from "./run";
import type { CheckedQuery } from "./sandbox";
import { MetricQueryError } from "./sql-policy";
import { userFacingSqliteMessage } from "./sqlite-errors";

/**
 * Partial rows (one per group and segment, one per distinct value and group and segment) and their
 * JSON, as json-chunks.ts counts them. Beyond, the query carries rows instead, if they are few enough.
 */
export const PARTIAL_LIMITS: CarryLimits = { rows: 200_000, chars: 16_000_000, chunkChars: 500_000 };

/**
 * The partial path could not answer; segment-run.ts carries rows instead. `tooMany`: past
 * PARTIAL_LIMITS; otherwise the message is SQLite's, fit for the user.
 */
export class PartialsUnavailable extends Error {
  constructor(
    message: string,
    readonly tooMany = false,
  ) {
    super(message);
  }
}

const tooMany = (limits: CarryLimits) =>
  new PartialsUnavailable(
    `its groups and distinct values are more than ${limits.rows.toLocaleString("en-US")} (or ${(limits.chars / 1_000_000).toLocaleString("en-US")} million characters)`,
    true,
  );

/** A real as a JSON number SQLite reads back as the same REAL. */
function realJson(value: number): string {
  if (Number.isNaN(value)) return "null";
  if (!Number.isFinite(value)) return value > 0 ? "9e999" : "-9e999";
  if (Object.is(value, -0)) return "-0.0";
  const text = String(value);
  return /[.e]/.test(text) ? text : `${text}.0`;
}

/** One cell as JSON, from its SQLite type and value (an integer comes as text). */
function cellJson(type: unknown, value: unknown): string {
  if (type === "null") return "null";
  if (type === "integer") return /^-?\d+$/.test(String(value)) ? String(value) : cellJson("unknown", value);
  if (type === "real") return realJson(Number(value));
  if (type === "text") return JSON.stringify(String(value));
  throw new PartialsUnavailable(`The query answers a ${String(type)} value, which cannot be combined across log segments`);
}

/** One segment's rows of one partial statement, each a JSON array of the merged row's width. */
async function partialRows(
  db: Db,
  orgId: string,
  query: CheckedQuery,
  partial: PartialsPlan["partials"][number],
  width: number,
  now: number,
  limit: number,
): Promise<string[]> {
  const names = partial.layout.map((_, i) => `c${i + 1}`);
  // Each cell with its type: D1 answers numbers as JavaScript numbers, so integers come as text.
  const cells = names.flatMap((c) => [`typeof(${c})`, `iif(typeof(${c}) = 'integer', CAST(${c} AS TEXT), ${c})`]);
  const statement = sql`${logsCte(orgId, now, await logsSource(db, query))},
partial_result(${sql.raw(names.join(", "))}) AS (
${sql.raw(partial.sql)}
)
SELECT ${sql.raw(cells.join(", "))} FROM partial_result LIMIT ${limit + 1}`;
  let rows: unknown[][];
  try {
    rows = await db.values(statement);
  } catch (error) {
    throw new PartialsUnavailable(`The query failed: ${userFacingSqliteMessage(cleanD1Message(error), query.sql)}`);
  }
  return rows.map((row) => {
    const json = Array<string>(width).fill("null");
    partial.layout.forEach((at, i) => {
      json[at] = cellJson(row[2 * i], row[2 * i + 1]);
    });
    return `[${json.join(",")}]`;
  });
}

/**
 * The plan's final statement over the partial rows of every overlapping segment, run on `target`
 * (it reads no table). Throws PartialsUnavailable when the partials cannot answer.
 */
export async function runPartials(
  overlapping: readonly Segment[],
  target: Segment,
  orgId: string,
  query: CheckedQuery,
  plan: PartialsPlan,
  now: number,
  limits: CarryLimits,
): Promise<MetricRows> {
  const width = plan.columns.length;
  const perSegment = await Promise.all(
    overlapping.flatMap((s) => plan.partials.map((p) => partialRows(s.db, orgId, query, p, width, now, limits.rows))),
  );
  const rows = perSegment.flat();
  if (rows.length > limits.rows) throw tooMany(limits);
  const decoded = plan.columns.map((c, i) => {
    const cell = `json_extract(value, '$[${i}]')`;
    return c.cast ? `CAST(${cell} AS ${c.cast})` : cell;
  });
  const names = plan.columns.map((c) => c.name).join(", ");
  const merged = sql`WITH logs(${sql.raw(names)}) AS (SELECT ${sql.raw(decoded.join(", "))} FROM ${jsonRows(chunked(rows, limits, () => tooMany(limits)))})`;
  try {
    return await runResult(target.db, resultStatement(merged, plan.final), plan.final);
  } catch (error) {
    if (error instanceof MetricQueryError) throw new PartialsUnavailable(error.message);
    throw error;
  }
}
