// Session and user views across an organization's segments (docs/scaling.md#step-3--segments). A
// session or a user can span segments: totals are summed, first and last seen taken across them, a
// user's sessions counted once however many segments hold them, and a session's logs merged in the
// order they happened. An organization with one live segment runs activity.ts's queries as they are.
import { SESSION_LOG_LIMIT } from "@promptsentry/schema/constants/logs";
import { newestFirst, type Segment } from "../tenancy/segments";
import {
  getSession,
  getUser,
  jsonList,
  type SessionLog,
  type SessionTotals,
  sessionItems,
  sessionPeople,
  sessionTotals,
  sessionView,
  type UserDay,
  type UserTotals,
  userQueries,
  userView,
  userWindowStart,
} from "./activity";

/** The live segments that can hold rows stamped at or after `fromMs`, newest first (a segment ends where the next begins). */
export function liveSince(segments: readonly Segment[], fromMs: number): Segment[] {
  return segments.filter((s, i) => !s.dropped && (i === segments.length - 1 || segments[i + 1].startsAt > fromMs)).reverse();
}

const time = (d: unknown) => Number(d);
const first = (a: SessionLog, b: SessionLog) => time(a.createdAt) - time(b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Distinct values in the order first met. */
const union = (lists: string[][]) => [...new Set(lists.flat())];

/** The totals of activity.ts's totalColumns, which add up across segments. */
const ADDITIVE = ["logs", "tokens", "cost", "warning", "critical"] as const;
type Additive = Record<(typeof ADDITIVE)[number], number>;

/** `a` with `b`'s additive totals (and the fields in `more`) added to it. */
export function plus<T extends Additive>(a: T, b: T, more: readonly (keyof T & string)[] = []): T {
  const sum: Record<string, unknown> = { ...a };
  for (const field of [...ADDITIVE, ...more]) sum[field] = Number(a[field]) + Number(b[field]);
  return sum as T;
}

/** A session's parts summed, from the earliest first log to the latest last one. */
function sumTotals(parts: SessionTotals[]): SessionTotals | undefined {
  if (!parts.length) return undefined;
  return parts.reduce((t, p) => ({
    ...plus(t, p, ["latencyMs"]),
    firstAt: time(p.firstAt) < time(t.firstAt) ? p.firstAt : t.firstAt,
    lastAt: time(p.lastAt) > time(t.lastAt) ? p.lastAt : t.lastAt,
  }));
}

/**
 * One session over every live segment: each segment's totals and people (in parallel), then its
 * logs oldest first from the segments in the order of their first log, stopping once `limit` logs
 * are found and the next segment's first log comes after the last of them.
 */
export async function getSessionIn(segments: readonly Segment[], orgId: string, sessionId: string, limit = SESSION_LOG_LIMIT) {
  const live = newestFirst(segments);
  if (live.length === 1) return getSession(live[0].db, orgId, sessionId, limit);
  const parts = await Promise.all(
    live.map(async (segment) => {
      const [[totals], [people]] = await segment.db.batch([
        sessionTotals(segment.db, orgId, sessionId),
        sessionPeople(segment.db, orgId, sessionId),
      ]);
      return { segment, totals, people };
    }),
  );
  const holding = parts.filter((p) => p.totals && p.totals.logs > 0).sort((a, b) => time(a.totals.firstAt) - time(b.totals.firstAt));
  let items: SessionLog[] = [];
  for (const { segment, totals } of holding) {
    if (items.length === limit && time(totals.firstAt) > time(items[items.length - 1].createdAt)) break;
    items = [...items, ...(await sessionItems(segment.db, orgId, sessionId, limit))].sort(first).slice(0, limit);
  }
  // Each in the order first met, oldest segment first (one database gives them in its query plan's order).
  const people = {
    userIds: union(holding.map((p) => jsonList(p.people?.userIds))),
    models: union(holding.map((p) => jsonList(p.people?.models))),
  };
  return sessionView(sessionId, sumTotals(holding.map((p) => p.totals)), people, items);
}

/**
 * One user over every live segment: first and last seen across all of them; totals and days summed
 * over the segments the window overlaps, and sessions counted once (a session can span segments).
 */
export async function getUserIn(
  segments: readonly Segment[],
  orgId: string,
  userId: string,
  forms: readonly string[],
  days: number,
  now = Date.now(),
) {
  const live = newestFirst(segments);
  if (live.length === 1) return getUser(live[0].db, orgId, userId, forms, days, now);
  const since = userWindowStart(days, now);
  const inWindow = new Set(liveSince(segments, since));
  const parts = await Promise.all(
    live.map(async ({ db }, i) => {
      const q = userQueries(db, orgId, forms, since);
      if (!inWindow.has(live[i])) return { seen: (await q.seen)[0], window: null };
      const [[seen], [totals], daily, sessions] = await db.batch([q.seen, q.totals, q.daily, q.sessions]);
      return { seen, window: { totals, daily, sessions } };
    }),
  );
  const seen = parts.map((p) => p.seen).filter((s) => s?.first && s.last);
  const windows = parts.flatMap((p) => (p.window ? [p.window] : []));
  let totals: UserTotals = { logs: 0, tokens: 0, cost: 0, warning: 0, critical: 0, sessions: 0 };
  const byDay = new Map<string, UserDay>();
  const sessions = new Set<string>();
  for (const w of windows) {
    if (w.totals) totals = plus(totals, w.totals);
    for (const s of w.sessions) if (s.id !== null) sessions.add(s.id);
    for (const d of w.daily) {
      const sum = byDay.get(d.date);
      byDay.set(d.date, sum ? plus(sum, d) : d);
    }
  }
  totals.sessions = sessions.size;
  const span = seen.length
    ? {
        first: Math.min(...seen.map((s) => time(s?.first))),
        last: Math.max(...seen.map((s) => time(s?.last))),
      }
    : undefined;
  return userView(userId, days, now, span, totals, [...byDay.values()]);
}
