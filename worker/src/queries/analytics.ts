// Stats, trends and per-model figures, read from the per-day aggregate rows maintained at ingestion
// (docs/data.md) — never a scan of prompt_logs. Each window reads the segments overlapping it and
// adds their rows (segment-analytics.ts); averages and shares are computed once from the sums.
import { and, between, countDistinct, desc, eq, sql, sum } from "drizzle-orm";
import { roundCents } from "@promptsentry/schema/pricing";
import type { CostEntry, ModelUsage, PerformanceEntry, Stats, StatsFigures, TrendEntry } from "@promptsentry/schema/responses";
import { dailyActiveUsers, dailyUsage } from "@promptsentry/schema/tables/usage";
import type { Db } from "../env";
import { dayWindows } from "../lib/days";
import { binaryOrder, dayRangeDbs, readEach, sumBy, type WindowDbs } from "./segment-analytics";

type Range = { from: string; to: string };

const inRange = (orgId: string, r: Range) => and(eq(dailyUsage.orgId, orgId), between(dailyUsage.day, r.from, r.to));
const usersInRange = (orgId: string, r: Range) => and(eq(dailyActiveUsers.orgId, orgId), between(dailyActiveUsers.day, r.from, r.to));

const usageTotals = (db: Db, orgId: string, r: Range) =>
  db
    .select({
      totalPrompts: sql<number>`coalesce(sum(${dailyUsage.total}), 0)`.mapWith(Number),
      redFlags: sql<number>`coalesce(sum(${dailyUsage.warning} + ${dailyUsage.critical}), 0)`.mapWith(Number),
      estimatedCost: sql<number>`coalesce(sum(${dailyUsage.cost}), 0)`.mapWith(Number),
    })
    .from(dailyUsage)
    .where(inRange(orgId, r));

/** Distinct users of the window: counted in SQL in one database, de-duplicated across several. */
async function activeUsers(dbs: readonly Db[], orgId: string, r: Range): Promise<number> {
  if (dbs.length === 1) {
    const [row] = await dbs[0]
      .select({ activeUsers: countDistinct(dailyActiveUsers.userId) })
      .from(dailyActiveUsers)
      .where(usersInRange(orgId, r));
    return Number(row.activeUsers);
  }
  const ids = await readEach(dbs, (db) =>
    db.selectDistinct({ userId: dailyActiveUsers.userId }).from(dailyActiveUsers).where(usersInRange(orgId, r)),
  );
  return new Set(ids.map((u) => u.userId)).size;
}

async function totals(dbs: WindowDbs, orgId: string, r: Range): Promise<StatsFigures> {
  const at = dayRangeDbs(dbs, r);
  const [usage, users] = await Promise.all([readEach(at, (db) => usageTotals(db, orgId, r)), activeUsers(at, orgId, r)]);
  const added = (f: "totalPrompts" | "redFlags" | "estimatedCost") => usage.reduce((n, u) => n + u[f], 0);
  return {
    totalPrompts: added("totalPrompts"),
    redFlags: added("redFlags"),
    activeUsers: users,
    estimatedCost: roundCents(added("estimatedCost")),
  };
}

export async function getStats(dbs: WindowDbs, orgId: string, days: number, now = Date.now()): Promise<Stats> {
  const w = dayWindows(days, now);
  const [current, previous] = await Promise.all([totals(dbs, orgId, w.current), totals(dbs, orgId, w.previous)]);
  return { ...current, previous, from: w.current.from, to: w.current.to };
}

export async function getTrends(dbs: WindowDbs, orgId: string, days: number, now = Date.now()): Promise<TrendEntry[]> {
  const w = dayWindows(days, now);
  const rows = await readEach(dayRangeDbs(dbs, w.current), (db) =>
    db
      .select({
        day: dailyUsage.day,
        safe: sum(dailyUsage.safe).mapWith(Number),
        warning: sum(dailyUsage.warning).mapWith(Number),
        critical: sum(dailyUsage.critical).mapWith(Number),
      })
      .from(dailyUsage)
      .where(inRange(orgId, w.current))
      .groupBy(dailyUsage.day),
  );
  const byDay = new Map(sumBy(rows, (r) => r.day, ["safe", "warning", "critical"]).map((r) => [r.day, r]));
  return w.dayKeys.map((date) => {
    const r = byDay.get(date);
    return { date, safe: r?.safe ?? 0, warning: r?.warning ?? 0, critical: r?.critical ?? 0 };
  });
}

export async function getModelUsage(dbs: WindowDbs, orgId: string, days: number, now = Date.now()): Promise<ModelUsage[]> {
  const w = dayWindows(days, now);
  const parts = await readEach(dayRangeDbs(dbs, w.current), (db) =>
    db
      .select({
        model: dailyUsage.model,
        prompts: sum(dailyUsage.total).mapWith(Number),
        tokens: sum(dailyUsage.tokens).mapWith(Number),
        cost: sum(dailyUsage.cost).mapWith(Number),
      })
      .from(dailyUsage)
      .where(inRange(orgId, w.current))
      .groupBy(dailyUsage.model)
      .orderBy(desc(sum(dailyUsage.total)), dailyUsage.model),
  );
  const rows = sumBy(parts, (r) => r.model, ["prompts", "tokens", "cost"]).sort(
    (a, b) => b.prompts - a.prompts || binaryOrder(a.model, b.model),
  );
  const total = rows.reduce((n, r) => n + r.prompts, 0);
  return rows.map((r) => ({ ...r, cost: roundCents(r.cost), share: total ? r.prompts / total : 0 }));
}

/** Cost per day and model (the cost-tracking list). */
export async function getCostTracking(dbs: WindowDbs, orgId: string, days: number, now = Date.now()): Promise<CostEntry[]> {
  const w = dayWindows(days, now);
  const parts = await readEach(dayRangeDbs(dbs, w.current), (db) =>
    db
      .select({
        date: dailyUsage.day,
        model: dailyUsage.model,
        prompts: dailyUsage.total,
        tokens: dailyUsage.tokens,
        cost: dailyUsage.cost,
      })
      .from(dailyUsage)
      .where(inRange(orgId, w.current))
      .orderBy(dailyUsage.day, dailyUsage.model),
  );
  const rows = sumBy(parts, (r) => `${r.date}\u0000${r.model}`, ["prompts", "tokens", "cost"]).sort(
    (a, b) => binaryOrder(a.date, b.date) || binaryOrder(a.model, b.model),
  );
  return rows.map((r) => ({ ...r, cost: roundCents(r.cost) }));
}

/** Latency and flag rate per day (the performance-metrics list): averages from the summed numerators and counts. */
export async function getPerformance(dbs: WindowDbs, orgId: string, days: number, now = Date.now()): Promise<PerformanceEntry[]> {
  const w = dayWindows(days, now);
  const parts = await readEach(dayRangeDbs(dbs, w.current), (db) =>
    db
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
      .groupBy(dailyUsage.day),
  );
  const byDay = new Map(sumBy(parts, (r) => r.day, ["prompts", "flagged", "latencySum", "latencyCount", "tokens"]).map((r) => [r.day, r]));
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
