// Stats, trends and per-model figures, read from the per-day aggregate rows maintained at ingestion
// (docs/data.md) — never a scan of prompt_logs.
import { and, between, countDistinct, desc, eq, sql, sum } from "drizzle-orm";
import { roundCents } from "@promptsentry/schema/pricing";
import type { CostEntry, ModelUsage, PerformanceEntry, Stats, StatsFigures, TrendEntry } from "@promptsentry/schema/responses";
import { dailyActiveUsers, dailyUsage } from "@promptsentry/schema/tables/usage";
import type { Db } from "../env";
import { dayWindows } from "../lib/days";

type Range = { from: string; to: string };

const inRange = (orgId: string, r: Range) => and(eq(dailyUsage.orgId, orgId), between(dailyUsage.day, r.from, r.to));

async function totals(db: Db, orgId: string, r: Range): Promise<StatsFigures> {
  const [[usage], [users]] = await Promise.all([
    db
      .select({
        totalPrompts: sql<number>`coalesce(sum(${dailyUsage.total}), 0)`,
        redFlags: sql<number>`coalesce(sum(${dailyUsage.warning} + ${dailyUsage.critical}), 0)`,
        estimatedCost: sql<number>`coalesce(sum(${dailyUsage.cost}), 0)`,
      })
      .from(dailyUsage)
      .where(inRange(orgId, r)),
    db
      .select({ activeUsers: countDistinct(dailyActiveUsers.userId) })
      .from(dailyActiveUsers)
      .where(and(eq(dailyActiveUsers.orgId, orgId), between(dailyActiveUsers.day, r.from, r.to))),
  ]);
  return {
    totalPrompts: Number(usage.totalPrompts),
    redFlags: Number(usage.redFlags),
    activeUsers: Number(users.activeUsers),
    estimatedCost: roundCents(Number(usage.estimatedCost)),
  };
}

export async function getStats(db: Db, orgId: string, days: number, now = Date.now()): Promise<Stats> {
  const w = dayWindows(days, now);
  const [current, previous] = await Promise.all([totals(db, orgId, w.current), totals(db, orgId, w.previous)]);
  return { ...current, previous, from: w.current.from, to: w.current.to };
}

export async function getTrends(db: Db, orgId: string, days: number, now = Date.now()): Promise<TrendEntry[]> {
  const w = dayWindows(days, now);
  const rows = await db
    .select({
      day: dailyUsage.day,
      safe: sum(dailyUsage.safe).mapWith(Number),
      warning: sum(dailyUsage.warning).mapWith(Number),
      critical: sum(dailyUsage.critical).mapWith(Number),
    })
    .from(dailyUsage)
    .where(inRange(orgId, w.current))
    .groupBy(dailyUsage.day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return w.dayKeys.map((date) => {
    const r = byDay.get(date);
    return { date, safe: r?.safe ?? 0, warning: r?.warning ?? 0, critical: r?.critical ?? 0 };
  });
}

export async function getModelUsage(db: Db, orgId: string, days: number, now = Date.now()): Promise<ModelUsage[]> {
  const w = dayWindows(days, now);
  const rows = await db
    .select({
      model: dailyUsage.model,
      prompts: sum(dailyUsage.total).mapWith(Number),
      tokens: sum(dailyUsage.tokens).mapWith(Number),
      cost: sum(dailyUsage.cost).mapWith(Number),
    })
    .from(dailyUsage)
    .where(inRange(orgId, w.current))
    .groupBy(dailyUsage.model)
    .orderBy(desc(sum(dailyUsage.total)), dailyUsage.model);
  const total = rows.reduce((n, r) => n + r.prompts, 0);
  return rows.map((r) => ({ ...r, cost: roundCents(r.cost), share: total ? r.prompts / total : 0 }));
}

/** Cost per day and model (the cost-tracking list). */
export async function getCostTracking(db: Db, orgId: string, days: number, now = Date.now()): Promise<CostEntry[]> {
  const w = dayWindows(days, now);
  const rows = await db
    .select({ date: dailyUsage.day, model: dailyUsage.model, prompts: dailyUsage.total, tokens: dailyUsage.tokens, cost: dailyUsage.cost })
    .from(dailyUsage)
    .where(inRange(orgId, w.current))
    .orderBy(dailyUsage.day, dailyUsage.model);
  return rows.map((r) => ({ ...r, cost: roundCents(r.cost) }));
}

/** Latency and flag rate per day (the performance-metrics list). */
export async function getPerformance(db: Db, orgId: string, days: number, now = Date.now()): Promise<PerformanceEntry[]> {
  const w = dayWindows(days, now);
  const rows = await db
    .select({
      day: dailyUsage.day,
      prompts: sum(dailyUsage.total).mapWith(Number),
      flagged: sql<number>`sum(${dailyUsage.warning} + ${dailyUsage.critical})`.mapWith(Number),
      latencySum: sum(dailyUsage.latencySum).mapWith(Number),
      latencyCount: sum(dailyUsage.latencyCount).mapWith(Number),
      tokens: sum(dailyUsage.tokens).mapWith(Number),
    })
    .from(dailyUsage)
    .where(inRange(orgId, w.current))
    .groupBy(dailyUsage.day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return w.dayKeys.map((date) => {
    const r = byDay.get(date);
    return {
      date,
      prompts: r?.prompts ?? 0,
      avgLatencyMs: r?.latencyCount ? Math.round(r.latencySum / r.latencyCount) : null,
      flagRate: r?.prompts ? r.flagged / r.prompts : 0,
      avgTokens: r?.prompts ? Math.round(r.tokens / r.prompts) : 0,
    };
  });
}
