// The users or sessions that cost the most, across an organization's segments (docs/scaling.md#step-3--segments).
// A user or session can span segments, so its cost is the sum of its parts, and the top of each
// segment is not the top of their sum: each segment gives its `depth` costliest, the candidates'
// exact totals are read from every segment, and the answer stands once its last entry costs more
// than anything outside every segment's list can (the sum of each full list's last cost). Else the
// lists go deeper, up to every group of the window. One segment in the window: activity.ts's query.
import { DAY_MS } from "@promptsentry/schema/constants/time";
import type { Segment } from "../tenancy/segments";
import { serializeSpender, type SpenderRow, spenderRows, topSpenders } from "./activity";
import { liveSince, plus } from "./segment-activity";

/** How much deeper each segment's list goes when the candidates cannot be shown to be the top. */
const DEEPER = 4;

const costliest = (a: SpenderRow, b: SpenderRow) => b.cost - a.cost || b.logs - a.logs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Each spender's parts summed: additive totals, the latest last seen. */
function sumById(parts: SpenderRow[][]): SpenderRow[] {
  const byId = new Map<string, SpenderRow>();
  for (const r of parts.flat()) {
    const s = byId.get(r.id);
    byId.set(r.id, s ? { ...plus(s, r), last: Math.max(s.last ?? 0, r.last ?? 0) } : r);
  }
  return [...byId.values()].sort(costliest);
}

/** The `limit` users or sessions that cost the most over the last `days` days, over every segment the window overlaps. */
export async function topSpendersIn(
  segments: readonly Segment[],
  orgId: string,
  by: "user" | "session",
  days: number,
  limit: number,
  now = Date.now(),
) {
  const since = now - days * DAY_MS;
  const live = liveSince(segments, since);
  if (live.length <= 1) return topSpenders((live[0] ?? segments[0]).db, orgId, by, days, limit, now);
  for (let depth = limit; ; depth *= DEEPER) {
    const tops = await Promise.all(live.map((s) => spenderRows(s.db, orgId, by, since, { limit: depth })));
    const ids = [...new Set(tops.flat().map((r) => r.id))];
    // A list shorter than `depth` is the segment's every group: nothing to add from it.
    const parts = await Promise.all(live.map((s, i) => (tops[i].length < depth ? tops[i] : spenderRows(s.db, orgId, by, since, { ids }))));
    const ranked = sumById(parts).slice(0, limit);
    const full = tops.filter((t) => t.length === depth);
    const outsideAtMost = full.reduce((sum, t) => sum + t[t.length - 1].cost, 0);
    if (!full.length || (ranked.length === limit && ranked[limit - 1].cost > outsideAtMost)) return ranked.map(serializeSpender);
  }
}
