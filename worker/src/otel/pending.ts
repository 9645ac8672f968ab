// The parts of OTLP model calls waiting for each other (table otel_pending, in the organization's data
// shard): a span that came without a prompt, and the GenAI log events of a span. Whichever part
// arrives inserts its row and, in the same D1 batch (one transaction; D1 runs one writer at a time),
// claims every set that is now complete with DELETE … RETURNING: so however the parts race, exactly
// one request gets a complete set, and ingests it once. A set is complete with its span, an input
// message and an answer (an output, or an error status on the span). What never completes is ingested
// or dropped by the minute schedule (schedules/otel-pending.ts). Every statement names the organization.
import * as v from "valibot";
import { logBody, type LogInput } from "@promptsentry/schema/requests/logs";
import { firstIssue } from "./collect";
import { joinedInput, type SpanPayload } from "./join";
import type { EventRecord } from "./log-events";
import { digest, seal, unseal, type SealKeys } from "./seal";

/** A span with a prompt waits this long (since its set's last part) for its answer before the schedule logs it without. */
export const PENDING_GRACE_MS = 2 * 60_000;
/** Parts older than this are dropped: a span whose events never came, events whose span never came. */
export const PENDING_TTL_MS = 60 * 60_000;
/** A part's payload in UTF-8 bytes (sealed it grows by a third; D1 rows and bound strings stop at 2 MB). */
export const PENDING_MAX_PAYLOAD_BYTES = 1_000_000;
/** JSON parameter of one INSERT: under D1's 2 MB per bound string. */
const INSERT_CHUNK_CHARS = 1_500_000;

export type PartKind = "span" | "events";
/** A part as it arrives, before sealing: `plain` is its JSON payload (SpanPayload or EventRecord[]). */
export type Part = {
  traceId: string;
  spanId: string;
  kind: PartKind;
  hasInput: boolean;
  hasOutput: boolean;
  failed: boolean;
  plain: string;
};

/** A row of otel_pending as stored and as a claim returns it. */
export type PendingRow = {
  id?: number;
  trace_id: string;
  span_id: string;
  kind: PartKind;
  digest: string;
  has_input: number;
  has_output: number;
  failed: number;
  api_key_id: string | null;
  payload: string;
  created_at: number;
};

const COLUMNS = "trace_id, span_id, kind, digest, has_input, has_output, failed, api_key_id, payload, created_at";
const RETURNING = `RETURNING id, ${COLUMNS}`;
/** The set's parts are all here: its span, an input message, and an output or the span's error. */
const COMPLETE = "max(kind = 'span') = 1 AND max(has_input) = 1 AND max(has_output OR failed) = 1";

const aadOf = (orgId: string, traceId: string, spanId: string, kind: PartKind) => `${orgId}|${traceId}|${spanId}|${kind}`;
const utf8Bytes = (s: string) => new TextEncoder().encode(s).byteLength;

/** Whether a part fits a pending row. */
export const fitsPending = (part: Pick<Part, "plain">) => utf8Bytes(part.plain) <= PENDING_MAX_PAYLOAD_BYTES;

/** Rows for the parts: sealed, and events keyed by their digest (a span by its ids alone: one per call). */
export async function sealParts(keys: SealKeys, orgId: string, parts: Part[], apiKeyId: string | null, now: number): Promise<PendingRow[]> {
  return Promise.all(
    parts.map(async (p) => ({
      trace_id: p.traceId,
      span_id: p.spanId,
      kind: p.kind,
      digest: p.kind === "span" ? "" : await digest(keys, p.plain),
      has_input: Number(p.hasInput),
      has_output: Number(p.hasOutput),
      failed: Number(p.failed),
      api_key_id: apiKeyId,
      payload: await seal(keys, aadOf(orgId, p.traceId, p.spanId, p.kind), p.plain),
      created_at: now,
    })),
  );
}

/**
 * INSERT OR IGNORE statements for rows, each bounding one JSON parameter (D1 binds at most 100
 * parameters). A part already waiting (a retried export) is ignored, so it is never counted twice.
 */
function insertStatements(d1: D1Database, orgId: string, rows: PendingRow[]): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  const sql = `INSERT OR IGNORE INTO otel_pending (org_id, ${COLUMNS})
    SELECT ?1, value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7, value ->> 8, value ->> 9
    FROM json_each(?2)`;
  let chunk: unknown[][] = [];
  let chars = 0;
  const flush = () => {
    if (chunk.length) statements.push(d1.prepare(sql).bind(orgId, JSON.stringify(chunk)));
    chunk = [];
    chars = 0;
  };
  for (const r of rows) {
    const values = [r.trace_id, r.span_id, r.kind, r.digest, r.has_input, r.has_output, r.failed, r.api_key_id, r.payload, r.created_at];
    const size = r.payload.length + 200;
    if (chars + size > INSERT_CHUNK_CHARS) flush();
    chunk.push(values);
    chars += size;
  }
  flush();
  return statements;
}

/**
 * Stores the parts and claims, in the same transaction, every set among their spans that is now
 * complete: the claimed rows are deleted and returned, to be ingested by this request alone.
 */
export async function holdAndClaim(d1: D1Database, orgId: string, rows: PendingRow[]): Promise<PendingRow[]> {
  if (!rows.length) return [];
  const keys = JSON.stringify([...new Set(rows.map((r) => `${r.trace_id}:${r.span_id}`))].map((k) => k.split(":")));
  const claim = d1
    .prepare(
      `DELETE FROM otel_pending WHERE org_id = ?1 AND (trace_id, span_id) IN (
        SELECT trace_id, span_id FROM otel_pending
        WHERE org_id = ?1 AND (trace_id, span_id) IN (SELECT value ->> 0, value ->> 1 FROM json_each(?2))
        GROUP BY trace_id, span_id HAVING ${COMPLETE}
      ) ${RETURNING}`,
    )
    .bind(orgId, keys);
  const results = await d1.batch<PendingRow>([...insertStatements(d1, orgId, rows), claim]);
  return results[results.length - 1].results;
}

/** Puts claimed rows back as they were (their ingestion failed), so a retried export can complete them again. */
export async function putBack(d1: D1Database, orgId: string, rows: PendingRow[]): Promise<void> {
  const statements = insertStatements(d1, orgId, rows);
  if (statements.length) await d1.batch(statements);
}

/**
 * Claims up to `limit` sets of the organization that have their span and a prompt but waited in vain
 * for the rest: no part came since `before`.
 */
export async function claimStale(d1: D1Database, orgId: string, before: number, limit: number): Promise<PendingRow[]> {
  const { results } = await d1
    .prepare(
      `DELETE FROM otel_pending WHERE org_id = ?1 AND (trace_id, span_id) IN (
        SELECT trace_id, span_id FROM otel_pending WHERE org_id = ?1
        GROUP BY trace_id, span_id HAVING max(kind = 'span') = 1 AND max(has_input) = 1 AND max(created_at) < ?2
        LIMIT ?3
      ) ${RETURNING}`,
    )
    .bind(orgId, before, limit)
    .all<PendingRow>();
  return results;
}

/** Drops the organization's parts older than `before`; answers how many went. */
export async function expirePending(d1: D1Database, orgId: string, before: number): Promise<number> {
  const { results } = await d1
    .prepare("DELETE FROM otel_pending WHERE org_id = ?1 AND created_at < ?2 RETURNING 1")
    .bind(orgId, before)
    .all();
  return results.length;
}

/** Every part of the organization (Delete All Data, an organization gone). */
export function deletePendingStatement(d1: D1Database, orgId: string): D1PreparedStatement {
  return d1.prepare("DELETE FROM otel_pending WHERE org_id = ?1").bind(orgId);
}

/** Organizations of this shard with a part older than `before`: the schedule's work list. */
export async function orgsWithPendingBefore(d1: D1Database, before: number, limit: number): Promise<string[]> {
  const { results } = await d1
    .prepare("SELECT DISTINCT org_id FROM otel_pending INDEXED BY otel_pending_created WHERE created_at < ?1 LIMIT ?2")
    .bind(before, limit)
    .all<{ org_id: string }>();
  return results.map((r) => r.org_id);
}

/** A claimed set: its log input, or why it cannot be one. */
export type ClaimedSet = {
  traceId: string;
  spanId: string;
  ref: string;
  rows: PendingRow[];
  /** The key that sent the span. */
  apiKeyId: string | null;
  input?: LogInput;
  reason?: string;
};

/** Opens the claimed rows and joins each set's span and events into a log input, validated as POST /api/logs is. */
export async function openClaimed(keys: SealKeys, orgId: string, rows: PendingRow[]): Promise<ClaimedSet[]> {
  const byRef = new Map<string, PendingRow[]>();
  for (const r of [...rows].sort((a, b) => (a.id ?? 0) - (b.id ?? 0))) {
    const ref = `${r.trace_id}:${r.span_id}`;
    byRef.set(ref, [...(byRef.get(ref) ?? []), r]);
  }
  const sets: ClaimedSet[] = [];
  for (const [ref, parts] of byRef) {
    const [traceId, spanId] = ref.split(":");
    const spanRow = parts.find((p) => p.kind === "span");
    const set: ClaimedSet = { traceId, spanId, ref, rows: parts, apiKeyId: spanRow?.api_key_id ?? null };
    sets.push(set);
    const plains = await Promise.all(parts.map((p) => unseal(keys, aadOf(orgId, p.trace_id, p.span_id, p.kind), p.payload)));
    if (!spanRow || plains.some((p) => p === null)) {
      // The worker secret changed since the parts were sealed, or a row is not what was stored.
      set.reason = "its waiting parts could not be read";
      continue;
    }
    let span: SpanPayload | null = null;
    const events: EventRecord[][] = [];
    parts.forEach((p, i) => {
      const value = JSON.parse(plains[i]!);
      if (p.kind === "span") span = value as SpanPayload;
      else events.push(value as EventRecord[]);
    });
    const raw = joinedInput(span!, events);
    if (!raw) {
      set.reason = "not a model call";
      continue;
    }
    const parsed = v.safeParse(logBody, raw);
    if (parsed.success) set.input = parsed.output;
    else set.reason = firstIssue(parsed.issues);
  }
  return sets;
}
