// Reads of the daily aggregates across an organization's segments (docs/scaling.md#step-3--segments):
// each segment's aggregates count only its own logs, so a window of days reads the live segments
// overlapping it, in parallel, and adds their figures. One database is queried exactly as before.
import { DAY_MS } from "@promptsentry/schema/constants/time";
import type { Db } from "../env";
import { segmentsOverlapping } from "../tenancy/segment-window";
import type { Segment } from "../tenancy/segments";

/** The databases holding the organization's logs stamped in [fromMs, toMs]. */
export type WindowDbs = (fromMs: number, toMs: number) => Db[];

/** Every window reads the one database (an organization in a single segment, or a test's shard). */
export const oneDb =
  (db: Db): WindowDbs =>
  () => [db];

/** Each window reads the live segments overlapping it. */
export const segmentDbs =
  (segments: readonly Segment[]): WindowDbs =>
  (fromMs, toMs) =>
    segmentsOverlapping(segments, fromMs, toMs).map((s) => s.db);

/** The databases holding a range of UTC days (`YYYY-MM-DD`, both inclusive). */
export const dayRangeDbs = (dbs: WindowDbs, r: { from: string; to: string }) =>
  dbs(Date.parse(`${r.from}T00:00:00.000Z`), Date.parse(`${r.to}T00:00:00.000Z`) + DAY_MS - 1);

/** Runs `read` on each database in parallel; the rows of all of them. */
export async function readEach<R>(dbs: readonly Db[], read: (db: Db) => Promise<R[]>): Promise<R[]> {
  return (await Promise.all(dbs.map(read))).flat();
}

/**
 * Rows of several segments merged by `keyOf`: the `summed` fields added, the others taken from the
 * first row of the key. Sums, counts and the numerators and denominators of averages merge exactly so.
 */
export function sumBy<R extends Record<string, unknown>>(rows: readonly R[], keyOf: (r: R) => string, summed: readonly (keyof R)[]): R[] {
  const merged = new Map<string, R>();
  for (const r of rows) {
    const key = keyOf(r);
    const m = merged.get(key);
    if (!m) merged.set(key, { ...r });
    else for (const f of summed) (m as Record<keyof R, unknown>)[f] = Number(m[f] ?? 0) + Number(r[f] ?? 0);
  }
  return [...merged.values()];
}

/** SQLite's default (BINARY) order of two texts, for results merged outside SQLite. */
export const binaryOrder = (a: string, b: string) => {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
};
