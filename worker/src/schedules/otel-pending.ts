// OTLP parts that never completed (otel/pending.ts), every minute: a span with a prompt whose answer
// did not come within PENDING_GRACE_MS of its set's last part is logged with what it has (an
// instrumentation that lost its choice event, a stream cut short); parts older than PENDING_TTL_MS
// are dropped (a span whose events never came, events whose span never came). Logs go through the
// organization's group commit, as every way in does (detection, redaction, quota, alerts, live feed),
// and then to its webhooks.
import { inArray } from "drizzle-orm";
import { DATA_SHARDS } from "@promptsentry/schema/shards";
import { organizations } from "@promptsentry/schema/tables/organizations";
import { enqueueIngested } from "../delivery/emit";
import type { Bindings, Db } from "../env";
import { committerOf } from "../ingestion/ingest-logs";
import { jobErrorToThrow } from "../ingestion/jobs";
import { shardBindings } from "../tenancy/shards";
import { ingestClaimed } from "../otel/claimed";
import {
  claimStale,
  deletePendingStatement,
  expirePending,
  openClaimed,
  orgsWithPendingBefore,
  PENDING_GRACE_MS,
  PENDING_TTL_MS,
  putBack,
} from "../otel/pending";
import { sealKeys } from "../otel/seal";

/** Organizations per shard per run, and sets per organization: the next run continues. */
const ORGS_PER_RUN = 100;
const SETS_PER_ORG = 500;

export type PendingSweep = { organizations: number; logged: number; refused: number; expired: number; failed: number };

export async function sweepOtelPending(env: Bindings, db: Db, now: number): Promise<PendingSweep> {
  const report: PendingSweep = { organizations: 0, logged: 0, refused: 0, expired: 0, failed: 0 };
  for (const [shard, d1] of shardBindings(env).entries()) {
    const orgIds = await orgsWithPendingBefore(d1, now - PENDING_GRACE_MS, ORGS_PER_RUN);
    if (!orgIds.length) continue;
    const rows = await db
      .select({ id: organizations.id, shard: organizations.shard })
      .from(organizations)
      .where(inArray(organizations.id, orgIds));
    const home = new Map(rows.map((r) => [r.id, r.shard]));
    for (const orgId of orgIds) {
      report.organizations++;
      if (!home.has(orgId)) {
        // The organization is gone (its stub's cascade normally took these already).
        await deletePendingStatement(d1, orgId).run();
        continue;
      }
      // Logged only where the organization lives now; a tenant moving shards leaves its parts to expire.
      if (home.get(orgId) === shard) {
        try {
          await logStale(env, d1, DATA_SHARDS[shard], orgId, now, report);
        } catch (error) {
          report.failed++;
          console.error("otlp pending sweep failed for", orgId, String(error));
        }
      }
      report.expired += await expirePending(d1, orgId, now - PENDING_TTL_MS);
    }
  }
  return report;
}

async function logStale(
  env: Bindings,
  d1: D1Database,
  binding: (typeof DATA_SHARDS)[number],
  orgId: string,
  now: number,
  report: PendingSweep,
) {
  const claimed = await claimStale(d1, orgId, now - PENDING_GRACE_MS, SETS_PER_ORG);
  if (!claimed.length) return;
  const sets = await openClaimed(await sealKeys(env.SESSION_SECRET, orgId), orgId, claimed);
  const outcome = await ingestClaimed(
    sets,
    // The group commit judges the quota itself (a chunk past it is refused whole, and put back).
    null,
    async (inputs, idempotencyKey, apiKeyId) => {
      const result = await committerOf(env, orgId).commit({
        orgId,
        db: binding,
        inputs,
        opts: { apiKeyId, idempotencyKey, idempotencyKind: "batch" },
        check: null,
      });
      if (result.error || !result.stored)
        throw jobErrorToThrow(result.error ?? { status: 500, code: "internal_error", message: "no result" });
      const { rows, newAlerts, replayed, subscribers } = result.stored;
      if (!replayed && subscribers) await enqueueIngested(env, orgId, rows, newAlerts, subscribers);
    },
    (rows) => putBack(d1, orgId, rows),
  );
  report.logged += outcome.stored;
  report.refused += outcome.refused.length;
}
