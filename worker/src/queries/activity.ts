// Sessions, users, top spenders and the models seen (docs/api.md#sessions-and-users). Every query is
// bound to one organization: another organization's session or user id matches no row.
import { and, asc, desc, eq, gte, inArray, max, min, sql } from "drizzle-orm";
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

/** One session: totals over all its logs and the first SESSION_LOG_LIMIT of them in the order they happened; null if none. */
export async function getSession(db: Db, orgId: string, sessionId: string) {
  const inSession = and(eq(promptLogs.orgId, orgId), eq(promptLogs.sessionId, sessionId));
  const [[totals], items, people] = await db.batch([
    db
      .select({
        ...totalColumns,
        latencyMs: sql<number>`coalesce(sum(${promptLogs.latencyMs}), 0)`.mapWith(Number),
        firstAt: min(promptLogs.createdAt),
        lastAt: max(promptLogs.createdAt),
      })
      .from(promptLogs)
      .where(inSession),
    db.select().from(promptLogs).where(inSession).orderBy(asc(promptLogs.createdAt), asc(promptLogs.id)).limit(SESSION_LOG_LIMIT),
    db
      .select({
        userIds: sql<
          string | null
        >`(SELECT json_group_array(DISTINCT user_id) FROM prompt_logs WHERE org_id = ${orgId} AND session_id = ${sessionId} AND user_id IS NOT NULL)`,
        models: sql<
          string | null
        >`(SELECT json_group_array(DISTINCT model) FROM prompt_logs WHERE org_id = ${orgId} AND session_id = ${sessionId})`,
      })
      .from(sql`(SELECT 1)`),
  ]);
  if (!totals || totals.logs === 0 || !totals.firstAt || !totals.lastAt) return null;
  const list = (json: string | null | undefined) => (json ? (JSON.parse(json) as string[]) : []);
  return {
    sessionId,
    ...totals,
    cost: roundCents(totals.cost),
    firstAt: new Date(Number(totals.firstAt)),
    lastAt: new Date(Number(totals.lastAt)),
    userIds: list(people[0]?.userIds),
    models: list(people[0]?.models),
    items,
    truncated: totals.logs > items.length,
  };
}

/**
 * One user (every stored form of the id, logs.ts userFilter): first and last seen from the
 * (org_id, user_id, created_at) index alone, totals and days over the last `days` days; null if the
 * organization has no log of that user.
 */
export async function getUser(db: Db, orgId: string, userId: string, forms: readonly string[], days: number, now = Date.now()) {
  const ofUser = and(eq(promptLogs.orgId, orgId), inArray(promptLogs.userId, [...forms]));
  const w = dayWindows(days, now);
  const since = Date.parse(`${w.current.from}T00:00:00.000Z`);
  const day = sql<string>`strftime('%Y-%m-%d', ${promptLogs.createdAt} / 1000, 'unixepoch')`;
  const inWindow = and(ofUser, gte(promptLogs.createdAt, new Date(since)));
  const [[seen], [totals], daily] = await db.batch([
    db
      .select({ first: min(promptLogs.createdAt), last: max(promptLogs.createdAt) })
      .from(promptLogs)
      .where(ofUser),
    db
      .select({ ...totalColumns, sessions: sql<number>`count(DISTINCT ${promptLogs.sessionId})`.mapWith(Number) })
      .from(promptLogs)
      .where(inWindow),
    db
      .select({ date: day, ...totalColumns })
      .from(promptLogs)
      .where(inWindow)
      .groupBy(day),
  ]);
  if (!seen?.first || !seen.last) return null;
  const byDay = new Map(daily.map((d) => [d.date, d]));
  return {
    userId,
    firstSeenAt: new Date(Number(seen.first)),
    lastSeenAt: new Date(Number(seen.last)),
    days,
    ...totals,
    cost: roundCents(totals.cost),
    daily: w.dayKeys.map((date) => {
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

/** log_facts once the shard has copied every log into it (metrics/run.ts), else prompt_logs. */
async function factsSource(db: Db): Promise<"log_facts" | "prompt_logs"> {
  const [row] = await db.all<{ pending: number }>(sql`SELECT EXISTS (SELECT 1 FROM log_facts_backfill) AS pending`);
  return row && Number(row.pending) === 0 ? "log_facts" : "prompt_logs";
}

/** One user's or session's totals over a window (spenderRows), before rounding. */
export type SpenderRow = { id: string; logs: number; tokens: number; cost: number; warning: number; critical: number; last: number | null };

/**
 * Totals per user or session of the logs stamped since `since`, the costliest `limit` first (all of
 * them when `limit` is null). No aggregate table is kept per user or session, so this reads the
 * organization's window: from log_facts (its key is (org_id, created_at): one sequential range of
 * narrow rows, no log text) when complete.
 */
export async function spenderRows(
  db: Db,
  orgId: string,
  by: "user" | "session",
  since: number,
  limit: number | null,
): Promise<SpenderRow[]> {
  const source = sql.raw(await factsSource(db));
  const key = sql.raw(by === "user" ? "user_id" : "session_id");
  const rows = await db.all<SpenderRow>(sql`
    SELECT ${key} AS id, count(*) AS logs, coalesce(sum(token_count), 0) AS tokens, coalesce(sum(estimated_cost), 0) AS cost,
      sum(flag_status = 'warning') AS warning, sum(flag_status = 'critical') AS critical, max(created_at) AS last
    FROM ${source} WHERE org_id = ${orgId} AND created_at >= ${since} AND ${key} IS NOT NULL
    GROUP BY ${key} ORDER BY cost DESC, logs DESC, id${limit === null ? sql`` : sql` LIMIT ${limit}`}`);
  return rows.map((r) => ({
    id: r.id,
    logs: Number(r.logs),
    tokens: Number(r.tokens),
    cost: Number(r.cost),
    warning: Number(r.warning),
    critical: Number(r.critical),
    last: r.last == null ? null : Number(r.last),
  }));
}

/** A spender as the API answers it. */
export const spenderOf = ({ last, ...r }: SpenderRow) => ({
  ...r,
  cost: roundCents(r.cost),
  lastSeen: last == null ? null : new Date(last).toISOString(),
});

/** The users or sessions that cost the most over the last `days` days, in one database. */
export async function topSpenders(db: Db, orgId: string, by: "user" | "session", days: number, limit: number, now = Date.now()) {
  return (await spenderRows(db, orgId, by, now - days * DAY_MS, limit)).map(spenderOf);
}
