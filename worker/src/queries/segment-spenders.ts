// The costliest users or sessions across an organization's segments (docs/scaling.md#step-3--segments).
// A user's logs of a window can lie in several segments, so each segment's top N would not merge
// into the true top N: each overlapping segment gives its totals for every user or session of the
// window, added per id, and the ranking is made once. One segment is read exactly as before.
import { DAY_MS } from "@promptsentry/schema/constants/time";
import { segmentsOverlapping } from "../tenancy/segment-window";
import type { Segment } from "../tenancy/segments";
import { type SpenderRow, spenderOf, spenderRows, topSpenders } from "./activity";
import { binaryOrder, readEach } from "./segment-analytics";

export async function topSpendersIn(
  segments: readonly Segment[],
  orgId: string,
  by: "user" | "session",
  days: number,
  limit: number,
  now = Date.now(),
) {
  const since = now - days * DAY_MS;
  const dbs = segmentsOverlapping(segments, since).map((s) => s.db);
  if (dbs.length <= 1) return dbs.length ? topSpenders(dbs[0], orgId, by, days, limit, now) : [];
  const byId = new Map<string, SpenderRow>();
  for (const r of await readEach(dbs, (db) => spenderRows(db, orgId, by, since, null))) {
    const m = byId.get(r.id);
    byId.set(
      r.id,
      m
        ? {
            id: r.id,
            logs: m.logs + r.logs,
            tokens: m.tokens + r.tokens,
            cost: m.cost + r.cost,
            warning: m.warning + r.warning,
            critical: m.critical + r.critical,
            last: m.last === null || r.last === null ? (m.last ?? r.last) : Math.max(m.last, r.last),
          }
        : r,
    );
  }
  return [...byId.values()]
    .sort((a, b) => b.cost - a.cost || b.logs - a.logs || binaryOrder(a.id, b.id))
    .slice(0, limit)
    .map(spenderOf);
}
