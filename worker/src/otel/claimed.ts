// Claimed sets (otel/pending.ts) → logs: what fits the quota is stored in chunks of a batch's size,
// each keyed by its spans so a retried attempt replays what the first stored; the rest is refused by
// span. If storing fails, the rows not stored go back to waiting, so a retried export (or the
// schedule) can complete them again instead of losing the call.
import { BATCH_MAX_LOGS } from "@promptsentry/schema/constants/ingestion";
import type { LogInput } from "@promptsentry/schema/requests/logs";
import { spansKey, type Refusal } from "./collect";
import type { ClaimedSet, PendingRow } from "./pending";

/** Stores one chunk of logs sent with `apiKeyId` (the route: its own request; the schedule: the group commit). */
export type StoreChunk = (inputs: LogInput[], idempotencyKey: string, apiKeyId: string | null) => Promise<void>;

/** The idempotency key of a chunk of joined calls: their ids, in a fixed order, apart from spans stored whole. */
export const joinedKey = (refs: string[]) => spansKey(["joined", ...[...refs].sort()]);

export type ClaimedOutcome = { stored: number; refused: (Refusal & { ref: string })[] };

export async function ingestClaimed(
  sets: ClaimedSet[],
  headroom: number | null,
  store: StoreChunk,
  restore: (rows: PendingRow[]) => Promise<void>,
): Promise<ClaimedOutcome> {
  const out: ClaimedOutcome = { stored: 0, refused: [] };
  const ready: ClaimedSet[] = [];
  for (const set of sets) {
    if (!set.input) out.refused.push({ ref: set.ref, spanId: set.spanId, reason: set.reason ?? "not a log" });
    else if (headroom !== null && ready.length >= headroom)
      out.refused.push({ ref: set.ref, spanId: set.spanId, reason: "over the plan's prompt quota" });
    else ready.push(set);
  }
  // One chunk per sending key (a log keeps the key its span came with), a batch's worth at most.
  const chunks: ClaimedSet[][] = [];
  const byKey = new Map<string | null, ClaimedSet[]>();
  for (const set of ready) byKey.set(set.apiKeyId, [...(byKey.get(set.apiKeyId) ?? []), set]);
  for (const group of byKey.values())
    for (let i = 0; i < group.length; i += BATCH_MAX_LOGS) chunks.push(group.slice(i, i + BATCH_MAX_LOGS));
  for (const [i, chunk] of chunks.entries()) {
    try {
      await store(
        chunk.map((s) => s.input!),
        await joinedKey(chunk.map((s) => s.ref)),
        chunk[0].apiKeyId,
      );
      out.stored += chunk.length;
    } catch (error) {
      await restore(chunks.slice(i).flatMap((c) => c.flatMap((s) => s.rows))).catch((e) =>
        console.error("otlp: could not put claimed parts back", String(e)),
      );
      throw error;
    }
  }
  return out;
}
