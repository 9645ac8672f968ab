// The log segment directory (docs/scaling.md#step-3--segments): an organization's logs are a chain of
// segments, each a time range of log ids in one database. Segment 0 is the home shard (no directory
// row, so every organization has it without a migration of data); seq ≥ 1 are rows of `log_segments`
// in the control database naming a pool database (SEGMENT_DBS). Ids are ULIDs stamped when written,
// so the segment of an id is a range lookup in the directory: one read of the right database.
import { and, eq, isNull, sql } from "drizzle-orm";
import { decodeTime } from "ulidx";
import { DATA_SHARDS, type LogsDbBinding, SEGMENT_DBS, type SegmentDbBinding } from "@promptsentry/schema/shards";
import { logSegments } from "@promptsentry/schema/tables/segments";
import type { Context } from "hono";
import type { AppEnv, Bindings, Db } from "../env";
import { createDb } from "./db";
import { registerTenant } from "./shards";

export type Segment = {
  seq: number;
  binding: LogsDbBinding;
  /** Ids stamped at or after this (ms), up to the next segment's start, are here. */
  startsAt: number;
  /** Emptied by retention: its ids are gone. */
  dropped: boolean;
  db: Db;
};

/**
 * How long an isolate trusts its copy of a directory. A new segment starts SEGMENT_LEAD_MS after it is
 * opened, longer than this, so every writer has read it before the first id of its range is stamped.
 */
export const SEGMENT_CACHE_TTL_MS = 10_000;
export const SEGMENT_LEAD_MS = 60_000;
/** Directories one isolate remembers at most, the least recently read forgotten first: an isolate serves any tenant. */
export const SEGMENT_CACHE_MAX_ENTRIES = 1_000;

type DirectoryRow = { seq: number; binding: SegmentDbBinding; startsAt: number; dropped: boolean };
/** Keyed by organization; a Map keeps insertion order, and a hit is moved to the end, for eviction. */
const cache = new Map<string, { at: number; rows: DirectoryRow[] }>();

/** Drops this isolate's copy (the schedule after opening or dropping a segment; tests). */
export function forgetSegments(orgId?: string) {
  if (orgId) cache.delete(orgId);
  else cache.clear();
}

async function directoryRows(control: Db, orgId: string, now: number) {
  const hit = cache.get(orgId);
  if (hit && now - hit.at < SEGMENT_CACHE_TTL_MS) {
    cache.delete(orgId);
    cache.set(orgId, hit);
    return hit.rows;
  }
  const rows = (
    await control
      .select({ seq: logSegments.seq, binding: logSegments.db, startsAt: logSegments.startsAt, droppedAt: logSegments.droppedAt })
      .from(logSegments)
      .where(eq(logSegments.orgId, orgId))
      .orderBy(logSegments.seq)
  ).map((r) => ({ seq: r.seq, binding: r.binding as SegmentDbBinding, startsAt: r.startsAt.getTime(), dropped: r.droppedAt !== null }));
  cache.delete(orgId);
  cache.set(orgId, { at: now, rows });
  while (cache.size > SEGMENT_CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return rows;
}

/** How many directories this isolate remembers (tests). */
export const segmentCacheSize = () => cache.size;

/** The organization's segments, oldest first: segment 0 (its home shard `homeShard`), then the directory's. */
export async function segmentsOf(env: Bindings, control: Db, orgId: string, homeShard: number, now = Date.now()): Promise<Segment[]> {
  const home = DATA_SHARDS[homeShard];
  const rows = await directoryRows(control, orgId, now);
  return [{ seq: 0, binding: home, startsAt: 0, dropped: false }, ...rows].map((s) => ({ ...s, db: createDb(env[s.binding]) }));
}

/** The segment holding ids stamped at `timeMs`: the last one starting at or before it. */
export function segmentAt<S extends Pick<Segment, "startsAt">>(segments: readonly S[], timeMs: number): S {
  let found = segments[0];
  for (const s of segments) if (s.startsAt <= timeMs) found = s;
  return found;
}

/** The live segment that would hold log `id`, or null (its segment was dropped). An id that is no ULID is segment 0's. */
export function segmentForId(segments: readonly Segment[], id: string): Segment | null {
  let time = 0;
  try {
    time = decodeTime(id);
  } catch {
    // Not a ULID (a hand-made id): only segment 0, which predates segments, can hold it.
  }
  const s = segmentAt(segments, time);
  return s.dropped ? null : s;
}

/** The live segments newest first: the order a newest-first read visits them in. */
export const newestFirst = (segments: readonly Segment[]) => segments.filter((s) => !s.dropped).reverse();

/** A pool database no segment holds, live or dropped and not yet emptied, the lowest first; null when the pool is used up. */
async function freePoolDb(control: Db): Promise<SegmentDbBinding | null> {
  const used = new Set(
    (await control.select({ db: logSegments.db }).from(logSegments).where(isNull(logSegments.emptiedAt))).map((r) => r.db),
  );
  return SEGMENT_DBS.find((name) => !used.has(name)) ?? null;
}

/**
 * Opens the organization's next segment in a free pool database, starting `leadMs` from now (ids
 * stamped from then on go there). Registers the tenant there first (the parent of its rows), then the
 * directory row: a segment is never named before its database can take writes. Null when the pool is
 * used up (the newest segment keeps taking writes; the schedule reports it).
 */
export async function openNextSegment(env: Bindings, control: Db, orgId: string, now: number, leadMs = SEGMENT_LEAD_MS) {
  const binding = await freePoolDb(control);
  if (!binding) return null;
  await registerTenant(createDb(env[binding]), orgId, -1);
  const [row] = await control
    .insert(logSegments)
    .values({
      orgId,
      seq: sql`(SELECT coalesce(max(${logSegments.seq}), 0) + 1 FROM ${logSegments} WHERE ${logSegments.orgId} = ${orgId})`,
      db: binding,
      startsAt: new Date(now + leadMs),
      openedAt: new Date(now),
    })
    .returning();
  forgetSegments(orgId);
  return row;
}

/** A pool database by its directory name (a name outside SEGMENT_DBS is a corrupt directory). */
export function poolD1(env: Bindings, name: string): D1Database {
  if (!SEGMENT_DBS.includes(name as SegmentDbBinding)) throw new Error(`log_segments names ${name}, not a pool database`);
  return env[name as SegmentDbBinding];
}

/** The organizations with a live segment in each pool database (the cross-tenant jobs visit them there). */
export async function livePoolSegmentsByDb(control: Db): Promise<Map<string, string[]>> {
  const rows = await control
    .select({ orgId: logSegments.orgId, db: logSegments.db })
    .from(logSegments)
    .where(isNull(logSegments.droppedAt));
  const byDb = new Map<string, string[]>();
  for (const r of rows) byDb.set(r.db, [...(byDb.get(r.db) ?? []), r.orgId]);
  return byDb;
}

/**
 * Takes a segment out of the chain: reads and lookups of its ids answer "not found" without a read of
 * it. Its database is not free until it is emptied (markEmptied).
 */
export async function markDropped(control: Db, orgId: string, seq: number, now: number) {
  await control
    .update(logSegments)
    .set({ droppedAt: new Date(now) })
    .where(and(eq(logSegments.orgId, orgId), eq(logSegments.seq, seq)));
  forgetSegments(orgId);
}

/** A dropped segment's database was emptied: free for another organization's next segment. */
export async function markEmptied(control: Db, orgId: string, seq: number, now: number) {
  await control
    .update(logSegments)
    .set({ emptiedAt: new Date(now) })
    .where(and(eq(logSegments.orgId, orgId), eq(logSegments.seq, seq)));
}

/** The signed-in organization's segments (its home shard is `c.var.data`, segment 0). */
export function requestSegments(c: Context<AppEnv>): Promise<Segment[]> {
  const principal = c.var.principal;
  if (!principal) throw new Error("requestSegments needs a signed-in principal");
  return segmentsOf(c.env, c.var.db, principal.orgId, principal.shard);
}
