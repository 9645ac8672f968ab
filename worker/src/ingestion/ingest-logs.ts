// The one entry of ingestion for routes (REST single and batch, test prompts, OTLP and the gateway):
// `ingestionQuota` for a way in that must know the quota before it starts (the gateway before it
// calls the provider, OTLP to refuse spans one by one), and `ingestLogs`, which hands validated logs
// to the organization's group commit (ingestion/committer.ts: quota, detection, redaction, alert
// grouping, written to D1 with the requests that arrive meanwhile, then published to the live
// feed), answers once they are stored, then fans out to webhooks without making the caller wait.
import type { Context } from "hono";
import type { LogInput } from "@promptsentry/schema/requests/logs";
import { enqueueIngested, inBackground } from "../delivery/emit";
import type { AppEnv } from "../env";
import { badRequest } from "../errors";
import { requirePrincipal, settleCredentialCheck } from "../auth/request";
import { logsDbRef } from "../tenancy/db";
import type { OrgSettings } from "@promptsentry/schema/tables/organizations";
import { ingestContext } from "../queries/ingestion";
import type { StoreOptions } from "./build-row";
import { assertQuota, quotaLeft } from "./quota";
import type { IngestCommitter } from "./committer";
import { jobErrorToThrow, type CommitJob } from "./jobs";
import { serializeLog } from "../serialize";

const IDEMPOTENCY_KEY_MAX = 200;

/** The request's Idempotency-Key header, trimmed; null when absent. */
export function idempotencyKey(c: Context<AppEnv>): string | null {
  const key = c.req.header("idempotency-key")?.trim();
  if (!key) return null;
  if (key.length > IDEMPOTENCY_KEY_MAX)
    throw badRequest(`Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX} characters`, undefined, "invalid_idempotency_key");
  return key;
}

/** The organization's settings and quota as this request found them (one D1 round trip to each database). */
export type IngestionQuota = {
  settings: OrgSettings;
  /** Refuses (429, nothing stored) when `incoming` more logs would pass the plan's quota or the trial ended. */
  assertRoom(incoming: number): void;
  /** How many more logs fit now (null: the plan has no quota). */
  left: number | null;
};

/** Reads the signed-in organization's settings and quota usage, for a way in that judges them before ingesting. */
export async function ingestionQuota(c: Context<AppEnv>, now = new Date()): Promise<IngestionQuota> {
  const ctx = await ingestContext({ db: c.var.db, data: c.var.data }, requirePrincipal(c).orgId, now);
  return { settings: ctx.settings, assertRoom: (incoming) => assertQuota(ctx, incoming, now), left: quotaLeft(ctx, now) };
}

/** What a committer answers over RPC (workers-types cannot map every row type, so it is stated here). */
type Committer = Pick<IngestCommitter, "commit" | "stats" | "indexed">;

/** The organization's committer: named by the organization id the credential resolved to. */
export function committerOf(env: AppEnv["Bindings"], orgId: string): Committer {
  return env.INGEST_COMMITTER.get(env.INGEST_COMMITTER.idFromName(orgId)) as unknown as Committer;
}

/** Stores validated logs for the signed-in principal's organization and returns them serialized. */
export async function ingestLogs(c: Context<AppEnv>, inputs: LogInput[], extra: Partial<StoreOptions> = {}) {
  const principal = requirePrincipal(c);
  // A way in whose Idempotency-Key header is not ours (the gateway forwards it to the provider) says so with `idempotencyKey: null`.
  const key = "idempotencyKey" in extra ? (extra.idempotencyKey ?? null) : idempotencyKey(c);
  // A key let in from this isolate's cache is re-read in the commit's context read, before anything is written.
  const pending = c.var.credentialCheck;
  const job: CommitJob = {
    orgId: principal.orgId,
    db: logsDbRef(c),
    inputs,
    opts: { apiKeyId: principal.keyId, ...extra, idempotencyKey: key },
    check: pending ? { keyId: pending.keyId, keyHash: pending.keyHash, via: pending.via, permission: "logs:write" } : null,
  };
  const result = await committerOf(c.env, principal.orgId).commit(job);
  if (result.checkRows) settleCredentialCheck(c, result.checkRows, "logs:write", result.checkedAt);
  if (result.error || !result.stored) throw jobErrorToThrow(result.error ?? { status: 500, code: "internal_error", message: "no result" });
  const { rows, newAlerts, replayed, subscribers } = result.stored;
  const logs = rows.map(serializeLog);
  // After a streamed answer the response is already sent: its headers can no longer change.
  if (replayed && !c.finalized) c.header("Idempotent-Replayed", "true");
  // New logs only (the committer told the live feed, one room POST per flush).
  else if (!replayed && subscribers)
    inBackground(c.executionCtx, () => enqueueIngested(c.env, principal.orgId, rows, newAlerts, subscribers));
  return logs;
}
