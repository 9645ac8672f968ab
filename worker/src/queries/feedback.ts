// Flag feedback (docs/flags.md): an operator's verdict per log. Every statement is bound to the caller's
// organization: a log id of another organization reads nothing, writes nothing and deletes nothing.
import { and, asc, count, eq, gt, inArray, sql } from "drizzle-orm";
import type { FeedbackVerdict } from "@promptsentry/schema/constants/feedback";
import { apiKeys } from "@promptsentry/schema/tables/access";
import { flagFeedback, promptLogs } from "@promptsentry/schema/tables/logs";
import { teamMembers } from "@promptsentry/schema/tables/organizations";
import type { Db, TenantDbs } from "../env";
import { changedFields, type Recorder } from "./audit";

/** The flag of one of the organization's logs (what a verdict is checked against), or null. */
export async function logFlag(db: Db, orgId: string, logId: string) {
  const [row] = await db
    .select({ flagStatus: promptLogs.flagStatus })
    .from(promptLogs)
    .where(and(eq(promptLogs.orgId, orgId), eq(promptLogs.id, logId)))
    .limit(1);
  return row ?? null;
}

/**
 * One log's feedback with the reviewer's name (the member's, else the key's), or null. The verdict is
 * in the organization's shard, members and keys in the control database: two reads, joined here.
 */
export async function getFeedback({ db, data }: TenantDbs, orgId: string, logId: string) {
  const [feedback] = await data
    .select()
    .from(flagFeedback)
    .where(and(eq(flagFeedback.orgId, orgId), eq(flagFeedback.logId, logId)))
    .limit(1);
  if (!feedback) return null;
  const [[member], [key]] = await db.batch([
    db
      .select({ name: teamMembers.name })
      .from(teamMembers)
      .where(and(eq(teamMembers.id, feedback.reviewedBy), eq(teamMembers.orgId, orgId)))
      .limit(1),
    db
      .select({ name: apiKeys.name })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, feedback.reviewedBy), eq(apiKeys.orgId, orgId)))
      .limit(1),
  ]);
  return { feedback, reviewerName: member?.name ?? key?.name ?? null };
}

export type FeedbackWrite = { orgId: string; logId: string; reviewedBy: string; verdict: FeedbackVerdict; note: string | null };

/** The verdict on one of the organization's logs as stored, or null. */
async function storedVerdict(db: Db, orgId: string, logId: string) {
  const [row] = await db
    .select({ verdict: flagFeedback.verdict, note: flagFeedback.note, reviewedBy: flagFeedback.reviewedBy })
    .from(flagFeedback)
    .where(and(eq(flagFeedback.orgId, orgId), eq(flagFeedback.logId, logId)))
    .limit(1);
  return row ?? null;
}

/**
 * Creates or replaces the verdict on one log. One statement: the flag snapshot is read from the log
 * row itself, inside the organization, so a foreign or just-deleted log inserts nothing (→ false).
 * The conflict update is also guarded by org_id, so no path rewrites another organization's row.
 * The row keeps only the latest verdict; the audit record written with it keeps the one it replaced
 * (verdict, note and reviewer), so every earlier judgement stays in the audit log.
 */
export async function saveFeedback(db: Db, w: FeedbackWrite, audit: Recorder): Promise<boolean> {
  const old = await storedVerdict(db, w.orgId, w.logId);
  const now = Date.now();
  const source = db
    .select({
      logId: promptLogs.id,
      orgId: promptLogs.orgId,
      verdict: sql`${w.verdict}`.as("verdict"),
      note: sql`${w.note}`.as("note"),
      flagStatus: promptLogs.flagStatus,
      flagReasons: promptLogs.flagReasons,
      reviewedBy: sql`${w.reviewedBy}`.as("reviewed_by"),
      updatedAt: sql`${now}`.as("updated_at"),
    })
    .from(promptLogs)
    .where(and(eq(promptLogs.orgId, w.orgId), eq(promptLogs.id, w.logId)));
  const upsert = db
    .insert(flagFeedback)
    .select(source)
    .onConflictDoUpdate({
      target: flagFeedback.logId,
      set: {
        verdict: sql`excluded.verdict`,
        note: sql`excluded.note`,
        flagStatus: sql`excluded.flag_status`,
        flagReasons: sql`excluded.flag_reasons`,
        reviewedBy: sql`excluded.reviewed_by`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: eq(flagFeedback.orgId, w.orgId),
    })
    .returning({ logId: flagFeedback.logId });
  const judged = { verdict: w.verdict, note: w.note, reviewedBy: w.reviewedBy };
  const change = old ? changedFields(old, judged) : { before: null, after: judged };
  if (!change) return (await upsert).length > 0;
  const record = audit({ action: "feedback.set", entityType: "feedback", entityId: w.logId, ...change }, { afterChange: true });
  const [written] = await db.batch([upsert, record]);
  return written.length > 0;
}

/** Removes the verdict on one of the organization's logs, with its audit record; false when there was none. */
export async function deleteFeedback(db: Db, orgId: string, logId: string, audit: Recorder): Promise<boolean> {
  const old = await storedVerdict(db, orgId, logId);
  if (!old) return false;
  const [deleted] = await db.batch([
    db
      .delete(flagFeedback)
      .where(and(eq(flagFeedback.orgId, orgId), eq(flagFeedback.logId, logId)))
      .returning({ logId: flagFeedback.logId }),
    audit({ action: "feedback.delete", entityType: "feedback", entityId: logId, before: old, after: null }, { afterChange: true }),
  ]);
  return deleted.length > 0;
}

export type VerdictCounts = Record<FeedbackVerdict, number>;

/** How many logs got each verdict, in all and per flag reason (as flagged when judged). */
export async function verdictCounts(db: Db, orgId: string) {
  const reason = sql<string>`reason.value`;
  // Raw fields: the FROM is a table-valued join drizzle does not model, so its column check would refuse them.
  const verdict = sql<FeedbackVerdict>`${flagFeedback.verdict}`;
  const [overall, perReason] = await db.batch([
    db
      .select({ verdict: flagFeedback.verdict, n: count() })
      .from(flagFeedback)
      .where(eq(flagFeedback.orgId, orgId))
      .groupBy(flagFeedback.verdict),
    db
      .select({ reason, verdict, n: count() })
      .from(sql`${flagFeedback}, json_each(${flagFeedback.flagReasons}) AS reason`)
      .where(and(eq(flagFeedback.orgId, orgId), inArray(flagFeedback.verdict, ["confirmed", "false_positive"])))
      .groupBy(reason, verdict),
  ]);
  return { overall, perReason };
}

/** A page of feedback joined to its logs, in log id order, for the JSONL export. */
export async function feedbackExportPage(db: Db, orgId: string, q: { verdict?: FeedbackVerdict; after?: string; limit: number }) {
  const where = [eq(flagFeedback.orgId, orgId)];
  if (q.verdict) where.push(eq(flagFeedback.verdict, q.verdict));
  if (q.after) where.push(gt(flagFeedback.logId, q.after));
  return db
    .select({ feedback: flagFeedback, log: promptLogs })
    .from(flagFeedback)
    .innerJoin(promptLogs, and(eq(promptLogs.id, flagFeedback.logId), eq(promptLogs.orgId, orgId)))
    .where(and(...where))
    .orderBy(asc(flagFeedback.logId))
    .limit(q.limit);
}
