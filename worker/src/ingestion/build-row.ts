// What one log input becomes before it is written: its row (flags, redacted texts, cost) and the
// fingerprints of its redacted values (docs/log-flow.md steps 7 and 8). No database access: the
// group commit builds the rows of a flush with this, and queries/ingestion.ts writes them.
import { estimateCostCents } from "@promptsentry/schema/pricing";
import type { PromptLogRow } from "@promptsentry/schema/tables/logs";
import type { LogInput } from "@promptsentry/schema/requests/logs";
import { detect } from "../detector";
import { sensitiveFindings } from "../detector/sensitive";
import { type LogIdAt, newId } from "../lib/ids";
import type { BuiltLog, IngestContext } from "../queries/ingestion";
import type { IdempotencyKind } from "../queries/idempotency";
import { redactFrom, textsToScan, type Fingerprinter, type SensitiveScans } from "../redaction";

/** An organization that does not redact scans nothing. */
const NOTHING_SCANNED: SensitiveScans = new Map();

export type StoreOptions = {
  apiKeyId: string | null;
  idempotencyKey?: string | null;
  /** A batch's items are keyed apart from single logs (queries/idempotency.ts); default single. */
  idempotencyKind?: IdempotencyKind;
  defaultSource?: string;
  /** The gateway refused to forward these prompts (docs/gateway.md); nothing else sets it. */
  blocked?: boolean;
};

/**
 * The row of one log and the fingerprints of its redacted values. Detection runs once, first: the
 * flags on the text as sent and, when the organization redacts, the credential and personal-data
 * findings of every other text the sender chose (metadata, user and session ids). Redaction then
 * replaces from those findings, before anything is written; cost is estimated when only tokens came.
 * Pure but for the fingerprints' HMAC (WebCrypto is asynchronous).
 */
export async function buildRow(
  ctx: IngestContext,
  input: LogInput,
  now: Date,
  opts: StoreOptions,
  idempotencyKey: string | null,
  fp: Fingerprinter | null,
  logIdAt: LogIdAt = newId,
): Promise<BuiltLog> {
  const { settings } = ctx;
  const flags = detect(input, { rules: settings.flagRules, tokenThreshold: settings.tokenThreshold, sensitivity: settings.sensitivity });
  const sensitiveRuleOn = settings.flagRules.sensitiveContent;
  const scans = fp && settings.redaction !== "off" ? sensitiveFindings(textsToScan(input, sensitiveRuleOn)) : NOTHING_SCANNED;
  const kept = await redactFrom(input, flags, scans, settings.redaction, fp, sensitiveRuleOn);
  const estimatedCost =
    input.estimatedCost ??
    (input.tokenCount !== undefined && input.tokenCount !== null ? estimateCostCents(input.model, input.tokenCount) : null);
  const row = {
    id: logIdAt(now.getTime()),
    orgId: ctx.org.id,
    createdAt: now,
    model: input.model,
    userId: kept.userId,
    sessionId: kept.sessionId,
    prompt: kept.prompt,
    response: kept.response,
    tokenCount: input.tokenCount ?? null,
    estimatedCost,
    latencyMs: input.latencyMs ?? null,
    source: input.source ?? opts.defaultSource ?? null,
    metadata: kept.metadata,
    messages: kept.messages,
    flagStatus: flags.flagStatus,
    flagReasons: flags.flagReasons,
    findings: kept.findings,
    apiKeyId: opts.apiKeyId,
    idempotencyKey,
    contentPurgedAt: null,
    redactionMode: fp ? settings.redaction : "off",
    blocked: opts.blocked ?? false,
  } satisfies PromptLogRow;
  return { row, fingerprints: kept.fingerprints };
}
