// Sessions, users, top spenders and the models seen (docs/api.md#sessions-and-users). Every query is
// bound to one organization: another organization's session or user id matches no row.
import { and, asc, desc, eq, gte, inArray, isNotNull, max, min, sql } from "drizzle-orm";
import { DAY_MS } from "@promptsentry/schema/constants/time";
import { SESSION_LOG_LIMIT } from "@promptsentry/schema/constants/logs";
import { roundCents } from "@promptsentry/schema/pricing";
import { dailyUsage } from "@promptsentry/schema/tables/usage";
import { promptLogs } from "@promptsentry/schema/tables/logs";
import type { Db } from "../env";
import { dayWindows } from "../lib/days";

/** The same totals over any set of logs (flag counts, tokens, cost in cents). */
const totalColumns = {
  logs: sql<number>`count(*)`.mapWith(Number),
  tokens: sql<number>`coalesce(sum(${promptLogs.tokenCount}), 0)`.mapWith(Number),
  cost: sql<number>`coalesce(sum(${promptLogs.estimatedCost}), 0)`.mapWith(Number),
  warning: sql<number>`coalesce(sum(${promptLogs.flagStatus} = 'warning'), 0)`.mapWith(Number),
  critical: sql<number>`coalesce(sum(${promptLogs.flagStatus} = 'critical'), 0)`.mapWith(Number),
};

/** Each model the organization's logs name (daily_usage: a row per day and model, never a scan of logs). */
/** At most this many models: the filter's options. */
export const MODELS_SEEN_LIMIT = 500;

export async function modelsSeen(db: Db, orgId: string) {
  const rows = await db
    .select({ model: dailyUsage.model, prompts: sql<number>`sum(${dailyUsage.total})`.mapWith(Number), lastSeen: max(dailyUsage.day) })
    .from(dailyUsage)
    .where(eq(dailyUsage.orgId, orgId))
    .groupBy(dailyUsage.model)
    .orderBy(desc(sql`sum(${dailyUsage.total})`), asc(dailyUsage.model))
    .limit(MODELS_SEEN_LIMIT);
  return rows.map((r) => ({ model: r.model, prompts: r.prompts, lastSeen: r.lastSeen ?? "" }));
}

const inSession = (orgId: string, sessionId: string) => and(eq(promptLogs.orgId, orgId), eq(promptLogs.sessionId, sessionId));

/** A session's totals in one database (its logs there); firstAt and lastAt are null when it has none. */
export const sessionTotals = (db: Db, orgId: string, sessionId: string) =>
  db
    .select({
      ...totalColumns,
      latencyMs: sql<number>`coalesce(sum(${promptLogs.latencyMs}), 0)`.mapWith(Number),
      firstAt: min(promptLogs.createdAt),
      lastAt: max(promptLogs.createdAt),
    })
    .from(promptLogs)
    .where(inSession(orgId, sessionId));

/** A session's first `limit` logs in one database, in the order they happened. */
export const sessionItems = (db: Db, orgId: string, sessionId: string, limit: number) =>
  db.select().from(promptLogs).where(inSession(orgId, sessionId)).orderBy(asc(promptLogs.createdAt), asc(promptLogs.id)).limit(limit);

/** The distinct users and models of a session's logs in one database, as JSON arrays (in no set order). */
export const sessionPeople = (db: Db, orgId: string, sessionId: string) =>
  db
    .select({
      userIds: sql<
        string | null
      >`(SELECT json_group_array(DISTINCT user_id) FROM prompt_logs WHERE org_id = ${orgId} AND session_id = ${sessionId} AND user_id IS NOT NULL)`,
      models: sql<
        string | null
      >`(SELECT json_group_array(DISTINCT model) FROM prompt_logs WHERE org_id = ${orgId} AND session_id = ${sessionId})`,
    })
    .from(sql`(SELECT 1)`);

export type SessionTotals = Awaited<ReturnType<typeof sessionTotals>>[number];
export type SessionLog = Awaited<ReturnType<typeof sessionItems>>[number];

export const jsonList = (json: string | null | undefined) => (json ? (JSON.parse(json) as string[]) : []);

/** The session view from its totals, people and first logs; null when it has no log. */
export function sessionView(
  sessionId: string,
  totals: SessionTotals | undefined,
  people: { userIds: string[]; models: string[] },
  items: SessionLog[],
) {
  if (!totals || totals.logs === 0 || !totals.firstAt || !totals.lastAt) return null;
  return {
    sessionId,
    ...totals,
    cost: roundCents(totals.cost),
    firstAt: new Date(Number(totals.firstAt)),
    lastAt: new Date(Number(totals.lastAt)),
    ...people,
    items,
    truncated: totals.logs > items.length,
  };
}

/** One session: totals over all its logs and the first `limit` of them in the order they happened; null if none. */
export async function getSession(db: Db, orgId: string, sessionId: string, limit = SESSION_LOG_LIMIT) {
  const [[totals], items, people] = await db.batch([
    sessionTotals(db, orgId, sessionId),
    sessionItems(db, orgId, sessionId, limit),
    sessionPeople(db, orgId, sessionId),
  ]);
  return sessionView(sessionId, totals, { userIds: jsonList(people[0]?.userIds), models: jsonList(people[0]?.models) }, items);
}

const userDay = sql<string>`strftime('%Y-%m-%d', ${promptLogs.createdAt} / 1000, 'unixepoch')`;

/**
 * The reads of one user's view in one database: first and last seen from the (org_id, user_id,
 * created_at) index alone; totals, distinct sessions and days since `since` (ms).
 */
export function userQueries(db: Db, orgId: string, forms: readonly string[], since: number) {
  const ofUser = and(eq(promptLogs.orgId, orgId), inArray(promptLogs.userId, [...forms]));
  const inWindow = and(ofUser, gte(promptLogs.createdAt, new Date(since)));
  return {
    seen: db
      .select({ first: min(promptLogs.createdAt), last: max(promptLogs.createdAt) })
      .from(promptLogs)
      .where(ofUser),
    totals: db
      .select({ ...totalColumns, sessions: sql<number>`count(DISTINCT ${promptLogs.sessionId})`.mapWith(Number) })
      .from(promptLogs)
      .where(inWindow),
    daily: db
      .select({ date: userDay, ...totalColumns })
      .from(promptLogs)
      .where(inWindow)
      .groupBy(userDay),
    sessions: db
      .selectDistinct({ id: promptLogs.sessionId })
      .from(promptLogs)
      .where(and(inWindow, isNotNull(promptLogs.sessionId))),
  };
}

type UserQueries = ReturnType<typeof userQueries>;
export type UserTotals = Awaited<UserQueries["totals"]>[number];
export type UserDay = Awaited<UserQueries["daily"]>[number];

/** The first day of a `days`-day window ending today, in ms. */
export const userWindowStart = (days: number, now: number) => Date.parse(`${dayWindows(days, now).current.from}T00:00:00.000Z`);

/** The user view from first and last seen, the window's totals and its days; null when the user has no log. */
export function userView(
  userId: string,
  days: number,
  now: number,
  seen: { first: unknown; last: unknown } | undefined,
  totals: UserTotals,
  daily: UserDay[],
) {
  if (!seen?.first || !seen.last) return null;
  const byDay = new Map(daily.map((d) => [d.date, d]));
  return {
    userId,
    firstSeenAt: new Date(Number(seen.first)),
    lastSeenAt: new Date(Number(seen.last)),
    days,
    ...totals,
    cost: roundCents(totals.cost),
    daily: dayWindows(days, now).dayKeys.map((date) => {
      const d = byDay.get(date);
      return {
        date,
        prompts: d?.logs ?? 0,
        tokens: d?.tokens ?? 0,
        cost: roundCents(d?.cost ?? 0),
        flagged: (d?.warning ?? 0) + (d?.critical ?? 0),
      };
    }),
  };
}

/**
 * One user (every stored form of the id, logs.ts userFilter): first and last seen from the
 * (org_id, user_id, created_at) index alone, totals and days over the last `days` days; null if the
 * organization has no log of that user.
 */
export async function getUser(db: Db, orgId: string, userId: string, forms: readonly string[], days: number, now = Date.now()) {
  const q = userQueries(db, orgId, forms, userWindowStart(days, now));
  const [[seen], [totals], daily] = await db.batch([q.seen, q.totals, q.daily]);
  return userView(userId, days, now, seen, totals, daily);
}

/** log_facts once the shard has copied every log into it (metrics/run.ts), else prompt_logs. */
async function factsSource(db: Db): Promise<"log_facts" | "prompt_logs"> {
  const [row] = await db.all<{ pending: number }>(sql`SELECT EXISTS (SELECT 1 FROM log_facts_backfill) AS pending`);
  return row && Number(row.pending) === 0 ? "log_facts" : "prompt_logs";
}

export type SpenderRow = { id: string; logs: number; tokens: number; cost: number; warning: number; critical: number; last: number | null };

/**
 * One database's users or sessions since `since` (ms) with their totals: the `limit` that cost the
 * most (cost, then logs, then id), or the ones named in `ids` (any order). No aggregate table is
 * kept per user or session, so this reads the organization's window: from log_facts (its key is
 * (org_id, created_at): one sequential range of narrow rows, no log text) when complete.
 */
export async function spenderRows(
  db: Db,
  orgId: string,
  by: "user" | "session",
  since: number,
  pick: { limit: number } | { ids: readonly string[] },
): Promise<SpenderRow[]> {
  const source = sql.raw(await factsSource(db));
  const key = sql.raw(by === "user" ? "user_id" : "session_id");
  // A JSON array is one bound value however many ids it holds (D1 caps a statement's parameters).
  const only = "ids" in pick ? sql` AND ${key} IN (SELECT value FROM json_each(${JSON.stringify(pick.ids)}))` : sql``;
  const top = "limit" in pick ? sql` ORDER BY cost DESC, logs DESC, id LIMIT ${pick.limit}` : sql``;
  const rows = await db.all<Record<keyof SpenderRow, string | number | null>>(sql`
    SELECT ${key} AS id, count(*) AS logs, coalesce(sum(token_count), 0) AS tokens, coalesce(sum(estimated_cost), 0) AS cost,
      sum(flag_status = 'warning') AS warning, sum(flag_status = 'critical') AS critical, max(created_at) AS last
    FROM ${source} WHERE org_id = ${orgId} AND created_at >= ${since} AND ${key} IS NOT NULL${only}
    GROUP BY ${key}${top}`);
  return rows.map((r) => ({
    id: String(r.id),
    logs: Number(r.logs),
    tokens: Number(r.tokens),
    cost: Number(r.cost),
    warning: Number(r.warning),
    critical: Number(r.critical),
    last: r.last == null ? null : Number(r.last),
  }));
}

/** A spender as the API shows it (cost rounded to the cent, last seen as ISO time). */
export const serializeSpender = (r: SpenderRow) => ({
  id: r.id,
  logs: r.logs,
  tokens: r.tokens,
  cost: roundCents(r.cost),
  warning: r.warning,
  critical: r.critical,
  lastSeen: r.last == null ? null : new Date(r.last).toISOString(),
});

/** The users or sessions that cost the most over the last `days` days (spenderRows). */
export async function topSpenders(db: Db, orgId: string, by: "user" | "session", days: number, limit: number, now = Date.now()) {
  return (await spenderRows(db, orgId, by, now - days * DAY_MS, { limit })).map(serializeSpender);
}
