// The one ingestion pipeline every way in goes through (REST single and batch, test prompts, and any
// later path such as OTLP or the gateway): validation has happened, so store with quota, detection
// and alert grouping, then fan out to the live feed and webhooks without making the caller wait.
import type { Context } from "hono";
import type { LogInput } from "../../../schema/validation";
import { enqueueStoredLogs, inBackground } from "../delivery/emit";
import type { AppEnv } from "../env";
import { badRequest } from "../errors";
import { publishNewLogs } from "../lib/live-feed";
import { orgOf, pendingCredentialCheck, requirePrincipal, settleCredentialCheck } from "../middleware/auth";
import { storeLogs, type StoreOptions } from "./store-logs";
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

/** Stores validated logs for the signed-in principal's organization and returns them serialized. */
export async function ingestLogs(c: Context<AppEnv>, inputs: LogInput[], extra: Partial<StoreOptions> = {}) {
  const principal = requirePrincipal(c);
  // A key let in from this isolate's cache is re-read in the same D1 round trip as the organization.
  const statement = pendingCredentialCheck(c);
  const check = statement && {
    statement,
    apply: (rows: Parameters<typeof settleCredentialCheck>[1]) => settleCredentialCheck(c, rows, "logs:write"),
  };
  // A way in whose Idempotency-Key header is not ours (the gateway forwards it to the provider) says so with `idempotencyKey: null`.
  const key = "idempotencyKey" in extra ? (extra.idempotencyKey ?? null) : idempotencyKey(c);
  const result = await storeLogs({ db: c.var.db, data: c.var.data }, principal.orgId, inputs, {
    apiKeyId: principal.keyId,
    check,
    ...extra,
    idempotencyKey: key,
  });
  const logs = result.rows.map(serializeLog);
  // After a streamed answer the response is already sent: its headers can no longer change.
  if (result.replayed && !c.finalized) c.header("Idempotent-Replayed", "true");
  else {
    // Coalesced per organization (lib/live-feed.ts): one room POST per REALTIME_COALESCE_MS at most.
    publishNewLogs(c.env, orgOf(c), logs, (p) => c.executionCtx.waitUntil(p));
    inBackground(c.executionCtx, () =>
      enqueueStoredLogs(c.env, { db: c.var.db, data: c.var.data }, principal.orgId, result.rows, result.newAlertIds),
    );
  }
  return logs;
}
