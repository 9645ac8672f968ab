// Alerts across an organization's log segments (docs/scaling.md#step-3--segments). The flush upserts
// its alerts in the segment it writes to, and the detector writes an anomaly's alert in the segment
// holding its time, each with an id stamped at the alert's createdAt: like a log, an alert is in the
// segment its id names, and each segment's alerts are a time range. An organization with one live
// segment runs the one-database queries of alerts.ts as they are.
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { type AlertRow, alerts } from "@promptsentry/schema/tables/alerts";
import type { Db } from "../env";
import { notFound } from "../errors";
import { newestFirst, type Segment, segmentForId } from "../tenancy/segments";
import { type AlertsQuery, acknowledgeAlert, acknowledgeAlerts, listAlerts } from "./alerts";
import { type Key, keyOf, newerFirst, older } from "./keyset";
import { ownedBy } from "./owned";

const olderThan = (key: Key): SQL => sql`(${alerts.createdAt}, ${alerts.id}) < (${key.createdAt}, ${key.id})`;

/** The organization's alert `id` in the one segment its id names (null: none, or its segment was dropped). */
async function alertIn(segments: readonly Segment[], orgId: string, id: string): Promise<AlertRow | null> {
  const segment = segmentForId(segments, id);
  if (!segment) return null;
  const [row] = await segment.db
    .select()
    .from(alerts)
    .where(ownedBy(alerts, orgId, id))
    .limit(1);
  return row ?? null;
}

/** One segment's first `limit` matching alerts after the cursor, newest first. */
function pageIn(db: Db, filter: SQL[], cursor: Key | null, limit: number) {
  return db
    .select()
    .from(alerts)
    .where(and(...filter, ...(cursor ? [olderThan(cursor)] : [])))
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(limit);
}

/**
 * One page, newest first, and how many alerts match across every live segment. The segments are
 * read newest first; once the page is full an older segment is read only if its newest match after
 * the cursor beats the page's oldest (one index step). The cursor is found in the segment its id
 * names, within the organization: another organization's id answers an empty page.
 */
export async function listAlertsIn(
  segments: readonly Segment[],
  orgId: string,
  q: AlertsQuery,
): Promise<{ rows: AlertRow[]; total: number }> {
  const live = newestFirst(segments);
  if (live.length === 1) return listAlerts(live[0].db, orgId, q);
  const filter = [eq(alerts.orgId, orgId)];
  if (q.acknowledged) filter.push(eq(alerts.acknowledged, q.acknowledged === "true"));
  const totals = live.map(
    async ({ db }) =>
      (
        await db
          .select({ n: count() })
          .from(alerts)
          .where(and(...filter))
      )[0]?.n ?? 0,
  );
  const [rows, ...counts] = await Promise.all([pageAcross(live, segments, orgId, filter, q), ...totals]);
  return { rows, total: counts.reduce((sum, n) => sum + n, 0) };
}

/** The page itself: empty for a cursor outside the organization (or of a dropped segment), as in one database. */
async function pageAcross(live: readonly Segment[], segments: readonly Segment[], orgId: string, filter: SQL[], q: AlertsQuery) {
  const cursorRow = q.before ? await alertIn(segments, orgId, q.before) : null;
  if (q.before && !cursorRow) return [];
  const cursor = cursorRow ? keyOf(cursorRow) : null;
  let page: AlertRow[] = [];
  for (const segment of live) {
    if (page.length === q.limit) {
      // Segments are time ranges, so this is the end in practice; each older one is still asked (one index step).
      const [next] = await pageIn(segment.db, filter, cursor, 1);
      if (!next || older(keyOf(next), keyOf(page[page.length - 1]))) continue;
    }
    const rows = await pageIn(segment.db, filter, cursor, q.limit);
    page = [...page, ...rows].sort(newerFirst).slice(0, q.limit);
  }
  return page;
}

/** Acknowledges the organization's alert `id` in the segment its id names; 404 when it holds none. */
export function acknowledgeAlertIn(segments: readonly Segment[], orgId: string, id: string, by: string): Promise<AlertRow> {
  const live = newestFirst(segments);
  if (live.length === 1) return acknowledgeAlert(live[0].db, orgId, id, by);
  const segment = segmentForId(segments, id);
  if (!segment) throw notFound("Alert");
  return acknowledgeAlert(segment.db, orgId, id, by);
}

/**
 * Acknowledges those of `ids` that belong to the organization and are open, each in the segment its
 * id names (one statement per segment named); the rest are skipped alike, as in one database.
 */
export async function acknowledgeAlertsIn(segments: readonly Segment[], orgId: string, ids: string[], by: string): Promise<AlertRow[]> {
  const live = newestFirst(segments);
  if (live.length === 1) return acknowledgeAlerts(live[0].db, orgId, ids, by);
  const bySegment = new Map<Segment, string[]>();
  for (const id of ids) {
    const segment = segmentForId(segments, id);
    if (segment) bySegment.set(segment, [...(bySegment.get(segment) ?? []), id]);
  }
  const done = await Promise.all([...bySegment].map(([segment, named]) => acknowledgeAlerts(segment.db, orgId, named, by)));
  return done.flat();
}
