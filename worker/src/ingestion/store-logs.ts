// Storing logs (docs/api.md, docs/flags.md, docs/delivery.md): quota check, detection, cost estimation, the log rows and their alerts
// written in one D1 batch (atomic: a batch either stores every log or none).
import { and, eq, getTableColumns, gte, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { PLANS } from "../../../schema/constants";
import { estimateCostCents } from "../../../schema/pricing";
import {
  alerts,
  dailyUsage,
  logFingerprints,
  organizations,
  orgSettings,
  promptLogs,
  type Organization,
  type OrgSettings,
  type PromptLogRow,
} from "../../../schema/tables";
import type { LogInput } from "../../../schema/validation";
import { detect } from "../detector";
import type { Db, TenantDbs } from "../env";
import { ApiError, tooMany } from "../errors";
import { alertFor, type AlertDraft } from "../lib/alert-rules";
import { dayKey } from "../lib/days";
import { newId } from "../lib/ids";
import { fingerprinter, redactLog, type Fingerprinter } from "../redaction";
import { ensureFingerprintKey } from "../redaction/key-store";
import { isUniqueViolation } from "../queries/owned";
import { getSettings, withRuleDefaults } from "../queries/settings";
import { batchItemIndex, batchKeyRange, storedIdempotencyKeys, type IdempotencyKind } from "../queries/idempotency";

/** D1 binds at most 100 parameters per statement: as many rows as fit, whatever the column count. */
const ROWS_PER_INSERT = Math.floor(100 / Object.keys(getTableColumns(promptLogs)).length);
/** 4 columns a fingerprint row. */
const FINGERPRINTS_PER_INSERT = 25;

type QuotaWindow = { limit: number; used: number; resetsAt: Date | null; label: string };

/** Prompts counted against the plan: the whole trial, or the calendar month (UTC) of a paid plan. */
function quotaWindow(org: Organization, usage: Usage, now: Date): QuotaWindow | null {
  const plan = PLANS[org.plan];
  if (plan.promptQuota === null) return null;
  const quota = plan.promptQuota.toLocaleString("en-US");
  if (org.plan === "trial")
    return { limit: plan.promptQuota, used: usage.allTime, resetsAt: null, label: `the free trial's ${quota} prompts` };
  const resetsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { limit: plan.promptQuota, used: usage.thisMonth, resetsAt, label: `the ${plan.name} plan's ${quota} prompts this month` };
}

/** Refuses (429, nothing stored) when `incoming` more logs would pass the plan's quota or the trial ended. */
export function assertQuota(ctx: IngestContext, incoming: number, now: Date) {
  const { org } = ctx;
  if (org.plan === "trial" && org.trialEndsAt && org.trialEndsAt.getTime() <= now.getTime()) {
    throw new ApiError(429, "trial_expired", "The 14-day free trial has ended. Upgrade your plan to keep logging prompts.", undefined, {
      "Retry-After": "86400",
    });
  }
  const window = quotaWindow(org, ctx.usage, now);
  if (!window || window.used + incoming <= window.limit) return;
  const retry = window.resetsAt ? (window.resetsAt.getTime() - now.getTime()) / 1000 : 86_400;
  throw tooMany(
    `Prompt quota exceeded: ${window.used.toLocaleString("en-US")} of ${window.label} used${incoming > 1 ? `, and this batch has ${incoming}` : ""}. Upgrade your plan to log more.`,
    retry,
    "quota_exceeded",
  );
}

/**
 * How many more logs the organization may store now (null: its plan has no quota), for callers that
 * store what fits and refuse the rest item by item (OTLP partial success); 429 when nothing fits.
 */
export async function quotaHeadroom(dbs: TenantDbs, orgId: string, now = new Date()): Promise<number | null> {
  const ctx = await ingestContext(dbs, orgId, now);
  assertQuota(ctx, 1, now);
  const window = quotaWindow(ctx.org, ctx.usage, now);
  return window ? window.limit - window.used : null;
}

type Usage = { allTime: number; thisMonth: number };
export type IngestContext = { org: Organization; settings: OrgSettings; usage: Usage };

/**
 * A read the caller needs settled before anything is written, carried in ingestion's first D1 round
 * trip (the re-read of a cached API key, middleware/auth.ts); `apply` throws to refuse the request.
 */
export type PrecedingCheck<Row = unknown> = { statement: BatchItem<"sqlite"> & PromiseLike<Row[]>; apply: (rows: Row[]) => void };

/**
 * Everything ingestion needs to know about the organization: its row and settings (with the caller's
 * check) from the control database and its usage from its data shard, two reads in parallel.
 */
export async function ingestContext(
  { db, data }: TenantDbs,
  orgId: string,
  now: Date,
  // biome-ignore lint/suspicious/noExplicitAny: the check reads whatever row its own statement selects; only its apply() knows the shape.
  check?: PrecedingCheck<any> | null,
): Promise<IngestContext> {
  const monthStart = dayKey(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [[[org], [settingsRow], checked], [usage]] = await Promise.all([
    db.batch([
      db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1),
      db.select().from(orgSettings).where(eq(orgSettings.orgId, orgId)).limit(1),
      ...(check ? [check.statement] : []),
    ] as const),
    data
      .select({
        allTime: sql<number>`coalesce(sum(${dailyUsage.total}), 0)`,
        thisMonth: sql<number>`coalesce(sum(CASE WHEN ${dailyUsage.day} >= ${monthStart} THEN ${dailyUsage.total} END), 0)`,
      })
      .from(dailyUsage)
      .where(eq(dailyUsage.orgId, orgId)),
  ]);
  if (check) check.apply(checked as unknown[]);
  const settings = settingsRow ? withRuleDefaults(settingsRow) : await getSettings(db, orgId);
  return { org, settings, usage: { allTime: Number(usage.allTime), thisMonth: Number(usage.thisMonth) } };
}

export type StoreOptions = {
  apiKeyId: string | null;
  idempotencyKey?: string | null;
  /** A batch's items are keyed apart from single logs (queries/idempotency.ts); default single. */
  idempotencyKind?: IdempotencyKind;
  defaultSource?: string;
  /** The gateway refused to forward these prompts (issue 12); nothing else sets it. */
  blocked?: boolean;
  /** Settled before anything is read for the caller or written (folded into the context read). */
  // biome-ignore lint/suspicious/noExplicitAny: see ingestContext; the row shape belongs to the check.
  check?: PrecedingCheck<any> | null;
};

/**
 * Builds the row of one log: flags from the detector on the text as sent, then the organization's
 * redaction applied before anything is written (issue 14); cost estimated when only tokens were sent.
 */
export async function buildRow(
  ctx: IngestContext,
  input: LogInput,
  now: Date,
  opts: StoreOptions,
  idempotencyKey: string | null,
  fp: Fingerprinter | null,
) {
  const flags = detect(input, {
    rules: ctx.settings.flagRules,
    tokenThreshold: ctx.settings.tokenThreshold,
    sensitivity: ctx.settings.sensitivity,
  });
  const kept = await redactLog(input, flags, ctx.settings.redaction, fp, ctx.settings.flagRules.sensitiveContent);
  const estimatedCost =
    input.estimatedCost ??
    (input.tokenCount !== undefined && input.tokenCount !== null ? estimateCostCents(input.model, input.tokenCount) : null);
  const row = {
    id: newId(now.getTime()),
    orgId: ctx.org.id,
    createdAt: now,
    model: input.model,
    userId: input.userId ?? null,
    sessionId: input.sessionId ?? null,
    prompt: kept.prompt,
    response: kept.response,
    tokenCount: input.tokenCount ?? null,
    estimatedCost,
    latencyMs: input.latencyMs ?? null,
    source: input.source ?? opts.defaultSource ?? null,
    metadata: kept.metadata,
    flagStatus: flags.flagStatus,
    flagReasons: flags.flagReasons,
    findings: kept.findings,
    apiKeyId: opts.apiKeyId,
    idempotencyKey,
    contentPurgedAt: null,
    redactionMode: fp ? ctx.settings.redaction : "off",
    blocked: opts.blocked ?? false,
  } satisfies PromptLogRow;
  return { row, fingerprints: kept.fingerprints };
}

/** The fingerprinter of an organization that redacts (its key created on first use), else null. */
async function orgFingerprinter(db: Db, ctx: IngestContext): Promise<Fingerprinter | null> {
  if (ctx.settings.redaction === "off") return null;
  return fingerprinter(await ensureFingerprintKey(db, ctx.org.id, ctx.settings.fingerprintKey));
}

/** Alerts of a set of logs, grouped by (type, reason, window) so a burst makes one alert with a count. */
function groupAlerts(rows: PromptLogRow[], criticalOnly: boolean) {
  const groups = new Map<string, { draft: AlertDraft; count: number; first: PromptLogRow; last: Date }>();
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

export type StoredResult = { rows: PromptLogRow[]; newAlertIds: string[]; replayed: boolean };

/**
 * Stores logs atomically. With an idempotency key, a replay answers the rows the first request
 * stored (each item carries a stored key derived in queries/idempotency.ts), and a concurrent
 * duplicate loses on the unique index.
 */
export async function storeLogs(dbs: TenantDbs, orgId: string, inputs: LogInput[], opts: StoreOptions): Promise<StoredResult> {
  // Logs, fingerprints and alerts go to the organization's data shard; its settings live in the control database.
  const { db: control, data: db } = dbs;
  const kind = opts.idempotencyKind ?? "single";
  const keys = opts.idempotencyKey ? storedIdempotencyKeys(opts.idempotencyKey, kind, inputs.length) : null;
  if (keys && opts.check) {
    // A replay answers stored rows: the caller's check is settled before they are read.
    opts.check.apply(await opts.check.statement);
    opts = { ...opts, check: null };
  }
  if (keys) {
    const replay = await findByIdempotency(db, orgId, opts.idempotencyKey!, kind);
    if (replay) return { rows: replay, newAlertIds: [], replayed: true };
  }
  const now = new Date();
  const ctx = await ingestContext(dbs, orgId, now, opts.check);
  assertQuota(ctx, inputs.length, now);
  const fp = await orgFingerprinter(control, ctx);
  const built = await Promise.all(inputs.map((input, i) => buildRow(ctx, input, now, opts, keys?.[i] ?? null, fp)));
  const rows = built.map((b) => b.row);
  const prints = built.flatMap((b) => b.fingerprints.map((fingerprint) => ({ orgId, fingerprint, logId: b.row.id, createdAt: now })));

  const statements: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) statements.push(db.insert(promptLogs).values(rows.slice(i, i + ROWS_PER_INSERT)));
  for (let i = 0; i < prints.length; i += FINGERPRINTS_PER_INSERT)
    statements.push(db.insert(logFingerprints).values(prints.slice(i, i + FINGERPRINTS_PER_INSERT)));
  const groups = groupAlerts(rows, ctx.settings.criticalOnly);
  for (const g of groups) {
    statements.push(
      db
        .insert(alerts)
        .values({
          id: newId(),
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
        .returning({ id: alerts.id, count: alerts.count }),
    );
  }
  try {
    const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    const alertResults = results.slice(results.length - groups.length) as { id: string; count: number }[][];
    const newAlertIds = alertResults.flatMap((r, i) => (r[0] && r[0].count === groups[i].count ? [r[0].id] : []));
    return { rows, newAlertIds, replayed: false };
  } catch (error) {
    if (keys && isUniqueViolation(error, "prompt_logs.org_id, prompt_logs.idempotency_key")) {
      const replay = await findByIdempotency(db, orgId, opts.idempotencyKey!, kind);
      if (replay) return { rows: replay, newAlertIds: [], replayed: true };
    }
    throw error;
  }
}

async function findByIdempotency(db: Db, orgId: string, key: string, kind: IdempotencyKind): Promise<PromptLogRow[] | null> {
  const range = batchKeyRange(key);
  const where =
    kind === "single"
      ? and(eq(promptLogs.orgId, orgId), eq(promptLogs.idempotencyKey, storedIdempotencyKeys(key, kind, 1)[0]))
      : and(eq(promptLogs.orgId, orgId), gte(promptLogs.idempotencyKey, range.from), lt(promptLogs.idempotencyKey, range.to));
  const rows = await db.select().from(promptLogs).where(where);
  if (!rows.length) return null;
  if (kind === "single") return rows;
  const index = (r: PromptLogRow) => batchItemIndex(r.idempotencyKey!, key);
  return rows.sort((a, b) => index(a) - index(b));
}
