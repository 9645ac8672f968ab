// One flush of an organization's group commit (docs/scaling.md#group-commit-of-ingestion): the ingestion requests waiting in its
// committer (ingestion/committer.ts) are written with at most two D1 round trips in all, whatever their number:
//   1. one context read (a batch to each of the organization's databases, in parallel) of what the
//      committer does not keep (tenancy/context-cache.ts): organization, settings, webhooks,
//      integrations and the row of a key let in from an isolate's cache from the control database;
//      quota usage and per request the lookup of its Idempotency-Key from its data shard. Under load
//      with everything kept and no Idempotency-Key, nothing is read;
//   2. one write batch (one transaction) to the data shard with every accepted request's logs,
//      fingerprints and alerts.
// Between them each request is judged alone, in arrival order: its key (refused → only it answers
// 401/403), its replay, its quota (counted cumulatively over the flush: the request that would pass
// it gets its own 429), detection and redaction. When the group's write fails, each request is
// written alone, so one bad request never fails the others, and each stays all-or-none.
import type { BatchItem } from "drizzle-orm/batch";
import { storedIdempotencyKeys } from "../queries/idempotency";
import type { Db, TenantDbs } from "../env";
import { checkedCredential, principalQuery, type PrincipalRow } from "../auth/principal";
import { isUniqueViolation } from "../queries/owned";
import type { OrgContextCache } from "../tenancy/context-cache";
import { jobError, type CommitJob, type CommitResult } from "./jobs";
import {
  idempotencyLookup,
  ingestContext,
  replayedRows,
  usageMonth,
  writeStatements,
  type BuiltLog,
  type IngestContext,
} from "../queries/ingestion";
import { fingerprinter, type Fingerprinter } from "../redaction";
import { ensureFingerprintKey } from "../redaction/key-store";
import { type LogIdAt, newId } from "../lib/ids";
import { buildRow } from "./build-row";
import { assertQuota, nearQuota } from "./quota";
import { INGEST_USAGE_REREAD_MARGIN } from "@promptsentry/schema/constants/ingestion";
import type { AlertRow } from "@promptsentry/schema/tables/alerts";
import type { PromptLogRow } from "@promptsentry/schema/tables/logs";

type Accepted = { index: number; built: BuiltLog[] };

/** The fingerprinter of an organization that redacts (its key created on first use), else null. */
export async function orgFingerprinter(db: Db, ctx: IngestContext): Promise<Fingerprinter | null> {
  if (ctx.settings.redaction === "off") return null;
  return fingerprinter(await ensureFingerprintKey(db, ctx.org.id, ctx.settings.fingerprintKey));
}

/**
 * Where a flush goes: `data` is the segment it writes to; `priorSegments` the organization's older live
 * ones (tenancy/segments.ts); `scope` names them (a kept usage count is summed over these segments only).
 */
export type FlushDbs = TenantDbs & { priorSegments?: Db[]; scope?: string };

/** What a kept usage count holds for: these segments, this month (a count of another is read again). */
export const usageScope = (dbs: Pick<FlushDbs, "scope">, now: Date) => `${dbs.scope ?? ""}\n${usageMonth(now)}`;

/** Commits `jobs` (all of organization `orgId`, all writing to its segment `dbs.data`); one result per job, in order. Never throws. */
export async function commitGroup(
  dbs: FlushDbs,
  orgId: string,
  jobs: CommitJob[],
  now = new Date(),
  cache: OrgContextCache | null = null,
  logIdAt: LogIdAt = newId,
): Promise<CommitResult[]> {
  const results: CommitResult[] = jobs.map(() => ({}));
  try {
    await judgeAndWrite(dbs, orgId, jobs, now, results, cache, logIdAt);
  } catch (error) {
    // A failure shared by the group (the context read): every job not yet answered gets it.
    const failed = jobError(error);
    for (const r of results) if (!r.error && !r.stored) r.error = failed;
  }
  return results;
}

async function judgeAndWrite(
  dbs: FlushDbs,
  orgId: string,
  jobs: CommitJob[],
  now: Date,
  results: CommitResult[],
  cache: OrgContextCache | null,
  logIdAt: LogIdAt,
) {
  const { db: control, data: db } = dbs;
  // Round trip 1: the context with each job's own reads folded in (keys from the control database,
  // Idempotency-Keys from the shard). A read shared by jobs (the same key, the same Idempotency-Key) is made once.
  const controlReads: BatchItem<"sqlite">[] = [];
  const dataReads: BatchItem<"sqlite">[] = [];
  // A retry soon after a rollover finds its request's rows in the segment before (tenancy/segments.ts):
  // the same lookups there, index for index, in parallel.
  const previous = dbs.priorSegments?.[0];
  const priorReads: BatchItem<"sqlite">[] = [];
  const slots = new Map<string, number>();
  const slot = (id: string, into: BatchItem<"sqlite">[], statement: () => BatchItem<"sqlite">) => {
    let at = slots.get(id);
    if (at === undefined) slots.set(id, (at = into.push(statement()) - 1));
    return at;
  };
  // The organization, settings, subscribers, usage and checked keys come from the committer's cache while it holds them.
  const at = now.getTime();
  const cached = cache?.get(orgId, at) ?? null;
  const stamp = cache?.stamp() ?? 0;
  const scope = usageScope(dbs, now);
  const incoming = jobs.reduce((n, job) => n + job.inputs.length, 0);
  const keptUsage = cached && cache?.usage(orgId, at, scope);
  const usage =
    keptUsage && !nearQuota({ org: cached.org, usage: keptUsage }, incoming, now, INGEST_USAGE_REREAD_MARGIN) ? keptUsage : null;
  const keyReads: { slot: number; keyId: string; keyHash: string }[] = [];
  const reads = jobs.map((job) => {
    const { check } = job;
    const key = job.opts.idempotencyKey;
    const kind = job.opts.idempotencyKind ?? "single";
    const keptRows = check && cached ? cache?.keyRows(orgId, at, check.keyId, check.keyHash) : undefined;
    return {
      keptRows,
      check:
        check && !keptRows
          ? slot(`key\n${check.keyId}\n${check.keyHash}`, controlReads, () => {
              keyReads.push({ slot: controlReads.length, keyId: check.keyId, keyHash: check.keyHash });
              return principalQuery(control, { by: "check", id: check.keyId, hash: check.keyHash });
            })
          : -1,
      replay: key
        ? slot(`idem\n${kind}\n${key}`, dataReads, () => {
            if (previous) priorReads.push(idempotencyLookup(previous, orgId, key, kind));
            return idempotencyLookup(db, orgId, key, kind);
          })
        : -1,
    };
  });
  type Batch = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
  const [ctx, priorRows] = await Promise.all([
    ingestContext(dbs, orgId, now, {
      control: controlReads,
      data: dataReads,
      subscribers: true,
      cached,
      usage,
      priorSegments: dbs.priorSegments,
    }),
    previous && priorReads.length ? (previous.batch(priorReads as Batch) as Promise<unknown[][]>) : [],
  ]);
  if (cache && !cached) cache.set(orgId, { org: ctx.org, settings: ctx.settings, subscribers: ctx.subscribers }, at, stamp);
  for (const k of keyReads) cache?.keepKeyRows(orgId, k.keyId, k.keyHash, ctx.controlRows[k.slot] as PrincipalRow[], stamp);
  const subscribers = {
    ...ctx.subscribers,
    settings: {
      criticalOnly: ctx.settings.criticalOnly,
      slackNotifications: ctx.settings.slackNotifications,
      emailAlerts: ctx.settings.emailAlerts,
    },
  };
  // A round trip only the first time an organization redacts; the key's import once per cached context.
  const fp = cache
    ? await cache.fingerprinter(orgId, now.getTime(), () => orgFingerprinter(control, ctx))
    : await orgFingerprinter(control, ctx);

  // Each job alone, in arrival order.
  const counted = { ...ctx.usage };
  const leaders = new Map<string, number>(); // (kind, key) → the job of this flush that writes it
  const followers: { index: number; leader: number }[] = [];
  const accepted: Accepted[] = [];
  for (const [i, job] of jobs.entries()) {
    try {
      if (job.check) {
        // A kept row is judged at this flush's time: a key that expired since it was read is refused.
        const rows = reads[i].keptRows ?? (ctx.controlRows[reads[i].check] as PrincipalRow[]);
        results[i].checkRows = rows;
        results[i].checkedAt = at;
        const { refusal } = checkedCredential(rows, job.check.via, job.check.permission, at);
        if (refusal) throw refusal;
      }
      const key = job.opts.idempotencyKey;
      const kind = job.opts.idempotencyKind ?? "single";
      if (key) {
        const slotRows = [...(ctx.dataRows[reads[i].replay] as PromptLogRow[]), ...((priorRows[reads[i].replay] ?? []) as PromptLogRow[])];
        const stored = replayedRows(slotRows, key, kind);
        if (stored) {
          results[i].stored = { rows: stored, newAlerts: [], replayed: true };
          continue;
        }
        // The same key twice in one flush: the first writes, the second answers its rows.
        const leader = leaders.get(`${kind}\n${key}`);
        if (leader !== undefined) {
          followers.push({ index: i, leader });
          continue;
        }
      }
      assertQuota({ ...ctx, usage: counted }, job.inputs.length, now);
      const keys = key ? storedIdempotencyKeys(key, kind, job.inputs.length) : null;
      const built = await Promise.all(job.inputs.map((input, k) => buildRow(ctx, input, now, job.opts, keys?.[k] ?? null, fp, logIdAt)));
      counted.allTime += built.length;
      counted.thisMonth += built.length;
      if (key) leaders.set(`${kind}\n${key}`, i);
      accepted.push({ index: i, built });
    } catch (error) {
      results[i].error = jobError(error);
    }
  }

  // Round trip 2: one write for the group; each job alone if that fails.
  if (accepted.length) {
    try {
      const written = await write(db, orgId, accepted, ctx.settings.criticalOnly);
      for (const a of accepted)
        results[a.index].stored = { rows: a.built.map((b) => b.row), newAlerts: written.get(a.index) ?? [], replayed: false, subscribers };
    } catch (groupError) {
      if (accepted.length === 1)
        await writeAlone(db, orgId, jobs, accepted[0], ctx.settings.criticalOnly, results, subscribers, groupError);
      else for (const a of accepted) await writeAlone(db, orgId, jobs, a, ctx.settings.criticalOnly, results, subscribers);
    }
  }
  for (const f of followers) {
    const leader = results[f.leader];
    if (leader.stored) results[f.index].stored = { rows: leader.stored.rows, newAlerts: [], replayed: true };
    else results[f.index].error = leader.error;
  }
  // The committer is the organization's only writer of logs, and each log is counted on the day of
  // its flush (this month): usage is what it read plus what it wrote. A failed write may still have
  // committed (a lost answer): then the count is not known, and the next flush reads it.
  if (cache) {
    const unknown = accepted.some((a) => !results[a.index].stored || results[a.index].stored?.replayed);
    const written = accepted.reduce((n, a) => n + a.built.length, 0);
    const after = { allTime: ctx.usage.allTime + written, thisMonth: ctx.usage.thisMonth + written };
    cache.keepUsage(orgId, unknown ? null : after, scope, stamp);
  }
}

/** Writes the accepted jobs in one batch; answers the alerts each job's logs opened, by job. */
async function write(db: Db, orgId: string, accepted: Accepted[], criticalOnly: boolean): Promise<Map<number, AlertRow[]>> {
  const owner = new Map<string, number>();
  for (const a of accepted) for (const b of a.built) owner.set(b.row.id, a.index);
  const { statements, newAlerts } = writeStatements(
    db,
    orgId,
    accepted.flatMap((a) => a.built),
    criticalOnly,
  );
  const created = newAlerts(await db.batch(statements));
  const byJob = new Map<number, AlertRow[]>();
  for (const { alert, logId } of created) {
    const job = owner.get(logId)!;
    byJob.set(job, [...(byJob.get(job) ?? []), alert]);
  }
  return byJob;
}

/** One job in a write of its own; its unique Idempotency-Key already stored answers those rows. */
async function writeAlone(
  db: Db,
  orgId: string,
  jobs: CommitJob[],
  a: Accepted,
  criticalOnly: boolean,
  results: CommitResult[],
  subscribers: NonNullable<CommitResult["stored"]>["subscribers"],
  knownError?: unknown,
) {
  const job = jobs[a.index];
  try {
    if (knownError) throw knownError;
    const written = await write(db, orgId, [a], criticalOnly);
    results[a.index].stored = { rows: a.built.map((b) => b.row), newAlerts: written.get(a.index) ?? [], replayed: false, subscribers };
  } catch (error) {
    const key = job.opts.idempotencyKey;
    if (key && isUniqueViolation(error, "prompt_logs.org_id, prompt_logs.idempotency_key")) {
      const kind = job.opts.idempotencyKind ?? "single";
      const stored = replayedRows(await idempotencyLookup(db, orgId, key, kind), key, kind);
      if (stored) {
        results[a.index].stored = { rows: stored, newAlerts: [], replayed: true };
        return;
      }
    }
    results[a.index].error = jobError(error);
  }
}
