// Exactly-once sending per (target, event message). The queue delivers at least once and several
// consumers may hold copies of one message at the same moment, so "was it delivered?" read before
// the send is not enough: the consumer claims the pair with one INSERT … ON CONFLICT and only the
// winner sends. Success keeps the claim (marked delivered); a failure releases it so the queue's
// retry can claim again. A claim left unsettled (its consumer died mid-send) goes stale and may be
// taken over.
import { and, eq, sql } from "drizzle-orm";
import { DELIVERY_CLAIM_STALE_MS } from "@promptsentry/schema/constants/delivery";
import { deliveryClaims } from "@promptsentry/schema/tables/delivery";
import type { Db } from "../env";
import { MAX_ATTEMPTS, type Verdict } from "./retry-policy";

export type ClaimKey = { orgId: string; targetId: string; messageId: string };

/** Answers true when this consumer now holds the claim (new, or taken over from a stale one). */
export async function claimDelivery(db: Db, key: ClaimKey, now = Date.now()): Promise<boolean> {
  const rows = await db
    .insert(deliveryClaims)
    .values({ ...key, delivered: false, claimedAt: new Date(now) })
    .onConflictDoUpdate({
      target: [deliveryClaims.targetId, deliveryClaims.messageId],
      set: { claimedAt: new Date(now) },
      setWhere: sql`${deliveryClaims.delivered} = 0 AND ${deliveryClaims.claimedAt} < ${now - DELIVERY_CLAIM_STALE_MS}`,
    })
    .returning({ targetId: deliveryClaims.targetId });
  return rows.length === 1;
}

const same = (key: ClaimKey) => and(eq(deliveryClaims.targetId, key.targetId), eq(deliveryClaims.messageId, key.messageId));

async function settle(db: Db, key: ClaimKey, delivered: boolean) {
  if (delivered) await db.update(deliveryClaims).set({ delivered: true }).where(same(key));
  else await db.delete(deliveryClaims).where(and(same(key), eq(deliveryClaims.delivered, false)));
}

/** What a consumer that lost the claim does: nothing if the event was delivered, else wait for the holder's outcome. */
async function lostClaim(db: Db, key: ClaimKey, attempt: number): Promise<Verdict> {
  const [row] = await db.select({ delivered: deliveryClaims.delivered }).from(deliveryClaims).where(same(key)).limit(1);
  // Released in the meantime (the holder failed and will retry itself), or delivered: nothing to do here.
  if (!row || row.delivered) return { action: "ack", success: row?.delivered ?? false, error: null };
  // Another consumer is sending right now; if it dies, this copy takes over once the claim is stale.
  if (attempt >= MAX_ATTEMPTS) return { action: "ack", success: false, error: null };
  return { action: "retry", success: false, error: "Another consumer is sending this event", delaySeconds: DELIVERY_CLAIM_STALE_MS / 1000 };
}

/** Runs `send` only if this consumer wins the claim, and settles the claim with its outcome. */
export async function sendOnce(db: Db, key: ClaimKey, attempt: number, send: () => Promise<Verdict>): Promise<Verdict> {
  if (!(await claimDelivery(db, key))) return lostClaim(db, key, attempt);
  let verdict: Verdict;
  try {
    verdict = await send();
  } catch (error) {
    await settle(db, key, false);
    throw error;
  }
  await settle(db, key, verdict.success);
  return verdict;
}
