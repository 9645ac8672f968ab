// Ingestion's database work (docs/log-flow.md steps 6 and 8): the organization context read once per
// flush, the one D1 batch that writes a flush's logs with their fingerprints, search entries and
// alerts, and the lookups of stored Idempotency-Keys. The policy (quota, row building) is in
// ingestion/; ingestion/group-commit.ts puts the two together for a group of requests.
import { and, eq, getTableColumns, gte, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alerts, type AlertRow } from "@promptsentry/schema/tables/alerts";
import { dailyUsage } from "@promptsentry/schema/tables/usage";
import { integrations, webhooks } from "@promptsentry/schema/tables/delivery";
import { logFingerprints, promptLogs, type PromptLogRow } from "@promptsentry/schema/tables/logs";
import { organizations, orgSettings, type Organization, type OrgSettings } from "@promptsentry/schema/tables/organizations";
import type { IngestSubscribers } from "../delivery/emit";
import type { Db, TenantDbs } from "../env";
import { alertFor, type AlertDraft } from "../lib/alert-rules";
import { dayKey } from "../lib/days";
import { idAt } from "../lib/ids";
import { getSettings, withRuleDefaults } from "./settings";
import { batchItemIndex, batchKeyRange, storedIdempotencyKeys, type IdempotencyKind } from "./idempotency";

/** D1 binds at most 100 parameters per statement: as many rows as fit, whatever the column count. */
const ROWS_PER_INSERT = Math.floor(100 / Object.keys(getTableColumns(promptLogs)).length);
/** 4 columns a fingerprint row. */
const FINGERPRINTS_PER_INSERT = 25;

export type Usage = { allTime: number; thisMonth: number };
export type IngestContext = { org: Organization; settings: OrgSettings; usage: Usage };
/** Who hears about what ingestion stored, read with the context so enqueueing needs no read of its own. */
export type Subscribers = Omit<IngestSubscribers, "settings">;
/** The part of the context from the control database, which a committer may keep (tenancy/context-cache.ts). */
export type OrgContext = Omit<IngestContext, "usage"> & { subscribers: Subscribers };

/** The first day of `now`'s month (UTC): quota usage counts the month from it. */
export const usageMonth = (now: Date) => dayKey(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * Everything ingestion needs to know about the organization, read in one round trip to each of its
 * databases, in parallel: organization, settings and (when asked) the subscribers to tell afterwards
 * from the control database, usage from its data shard. Callers fold their own reads in: `control`
 * statements (a group commit's credential re-reads) and `data` statements (its idempotency lookups),
 * answered in order as `controlRows` and `dataRows`. With `cached` (a committer's kept context, read
 * with subscribers) the control database is asked only the callers' statements, and not at all
 * without any; with `usage` (a committer's kept count) the shards likewise. The one place the
 * organization context is read.
 */
export async function ingestContext(
  { db, data }: TenantDbs,
  orgId: string,
  now: Date,
  opts: {
    control?: BatchItem<"sqlite">[];
    data?: BatchItem<"sqlite">[];
    subscribers?: boolean;
    cached?: OrgContext | null;
    /** The organization's older live segments, when `data` is not its only one: their usage counts too. */
    priorSegments?: Db[];
    /** Quota usage the caller already knows (a committer's kept count): not read. */
    usage?: Usage | null;
  } = {},
): Promise<IngestContext & { subscribers: Subscribers; controlRows: unknown[][]; dataRows: unknown[][] }> {
  const monthStart = usageMonth(now);
  const cached = opts.cached ?? null;
  const subscriberReads =
    opts.subscribers && !cached
      ? [
          db
            .select({ id: webhooks.id, events: webhooks.events })
            .from(webhooks)
            .where(and(eq(webhooks.orgId, orgId), eq(webhooks.active, true))),
          db
            .select({ id: integrations.id, type: integrations.type })
            .from(integrations)
            .where(and(eq(integrations.orgId, orgId), eq(integrations.active, true))),
        ]
      : [];
  const contextReads = cached
    ? []
    : [
        db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1),
        db.select().from(orgSettings).where(eq(orgSettings.orgId, orgId)).limit(1),
        ...subscriberReads,
      ];
  const controlReads = [...contextReads, ...(opts.control ?? [])];
  type Batch = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
  const usageRead = (d: Db) =>
    d
      .select({
        allTime: sql<number>`coalesce(sum(${dailyUsage.total}), 0)`,
        thisMonth: sql<number>`coalesce(sum(CASE WHEN ${dailyUsage.day} >= ${monthStart} THEN ${dailyUsage.total} END), 0)`,
      })
      .from(dailyUsage)
      .where(eq(dailyUsage.orgId, orgId));
  const kept = opts.usage ?? null;
  const dataReads = [...(kept ? [] : [usageRead(data)]), ...(opts.data ?? [])];
  const [controlRows, dataRows, ...prior] = (await Promise.all([
    controlReads.length ? db.batch(controlReads as unknown as Batch) : [],
    dataReads.length ? data.batch(dataReads as unknown as Batch) : [],
    // Each older live segment counted the logs written to it (tenancy/segments.ts): read in parallel, no added wait.
    ...(kept ? [] : (opts.priorSegments ?? []).map(usageRead)),
  ])) as unknown as [unknown[][], unknown[][], ...Usage[][]];
  const dataRest = kept ? dataRows : dataRows.slice(1);
  const usageNow = kept ? { ...kept } : { allTime: 0, thisMonth: 0 };
  for (const [u] of kept ? [] : [dataRows[0] as Usage[], ...prior]) {
    usageNow.allTime += Number(u?.allTime ?? 0);
    usageNow.thisMonth += Number(u?.thisMonth ?? 0);
  }
  if (cached) return { ...cached, usage: usageNow, controlRows, dataRows: dataRest };
  const [[org], [settingsRow], ...controlRest] = controlRows as [[Organization], [OrgSettings], ...unknown[][]];
  const subscribers: Subscribers = opts.subscribers
    ? { webhooks: controlRest[0] as Subscribers["webhooks"], integrations: controlRest[1] as Subscribers["integrations"] }
    : { webhooks: [], integrations: [] };
  const settings = settingsRow ? withRuleDefaults(settingsRow) : await getSettings(db, orgId);
  return {
    org,
    settings,
    usage: usageNow,
    subscribers,
    controlRows: controlRest.slice(subscriberReads.length),
    dataRows: dataRest,
  };
}

/** A log's row and the fingerprints of its redacted values: what one input becomes (ingestion/build-row.ts). */
export type BuiltLog = { row: PromptLogRow; fingerprints: string[] };

/** An alert group of a write: one upsert per (type, reason, window), whichever requests its logs came from. */
export type AlertGroup = { draft: AlertDraft; count: number; first: PromptLogRow; last: Date };

/** Alerts of a set of logs, grouped by (type, reason, window) so a burst makes one alert with a count. */
function groupAlerts(rows: PromptLogRow[], criticalOnly: boolean): AlertGroup[] {
  const groups = new Map<string, AlertGroup>();
  for (const row of rows) {
    const draft = alertFor(row, { criticalOnly });
    if (!draft) continue;
    const key = `${draft.type}|${draft.reason}|${draft.windowStart}`;
    const group = groups.get(key);
    if (group) {
      group.count++;
      group.last = row.createdAt;
    } else groups.set(key, { draft, count: 1, first: row, last: row.createdAt });
  }
  return [...groups.values()];
}

/**
 * The one write of a set of logs (one D1 batch = one transaction): log rows (as many per INSERT as
 * fit D1's 100 bound parameters, the insert trigger queueing each for search), fingerprint rows, then
 * one alert upsert per group (`count` bumped
 * when the window's alert exists). The alert upserts come last and return the alert: `newAlerts`
 * reads them from the end of the batch's results, so a statement added before the log inserts (FTS,
 * sharding) changes nothing here.
 */
export function writeStatements(db: Db, orgId: string, built: BuiltLog[], criticalOnly: boolean) {
  const rows = built.map((b) => b.row);
  const prints = built.flatMap((b) =>
    b.fingerprints.map((fingerprint) => ({ orgId, fingerprint, logId: b.row.id, createdAt: b.row.createdAt })),
  );
  const statements: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) statements.push(db.insert(promptLogs).values(rows.slice(i, i + ROWS_PER_INSERT)));
  for (let i = 0; i < prints.length; i += FINGERPRINTS_PER_INSERT)
    statements.push(db.insert(logFingerprints).values(prints.slice(i, i + FINGERPRINTS_PER_INSERT)));
  const groups = groupAlerts(rows, criticalOnly);
  for (const g of groups) {
    statements.push(
      db
        .insert(alerts)
        .values({
          // Stamped at its createdAt exactly (a monotonic id may run ahead of it): the alert is in the
          // segment its id names, as a log is (segment-alerts.ts).
          id: idAt(g.first.createdAt.getTime()),
          orgId,
          type: g.draft.type,
          severity: g.draft.severity,
          message: g.draft.message,
          reason: g.draft.reason,
          windowStart: g.draft.windowStart,
          count: g.count,
          logId: g.first.id,
          createdAt: g.first.createdAt,
          lastSeenAt: g.last,
        })
        .onConflictDoUpdate({
          target: [alerts.orgId, alerts.type, alerts.reason, alerts.windowStart],
          set: { count: sql`${alerts.count} + excluded.count`, lastSeenAt: sql`excluded.last_seen_at` },
        })
        .returning(),
    );
  }
  /** The alerts this write created (not bumped), each with the log that opened it. */
  const newAlerts = (results: unknown[]): { alert: AlertRow; logId: string }[] => {
    const alertResults = results.slice(results.length - groups.length) as AlertRow[][];
    return alertResults.flatMap((r, i) => (r[0] && r[0].count === groups[i].count ? [{ alert: r[0], logId: groups[i].first.id }] : []));
  };
  return { statements: statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]], newAlerts };
}

/** Where a job's Idempotency-Key would find its stored rows (a statement for the context batch). */
export function idempotencyLookup(db: Db, orgId: string, key: string, kind: IdempotencyKind) {
  const range = batchKeyRange(key);
  const where =
    kind === "single"
      ? and(eq(promptLogs.orgId, orgId), eq(promptLogs.idempotencyKey, storedIdempotencyKeys(key, kind, 1)[0]))
      : and(eq(promptLogs.orgId, orgId), gte(promptLogs.idempotencyKey, range.from), lt(promptLogs.idempotencyKey, range.to));
  return db.select().from(promptLogs).where(where);
}

/** The stored rows of an Idempotency-Key in the order they were sent, or null when none is stored. */
export function replayedRows(rows: PromptLogRow[], key: string, kind: IdempotencyKind): PromptLogRow[] | null {
  if (!rows.length) return null;
  if (kind === "single") return rows;
  const index = (r: PromptLogRow) => batchItemIndex(r.idempotencyKey!, key);
  return rows.sort((a, b) => index(a) - index(b));
}
