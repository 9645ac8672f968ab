// Flag feedback shapes (docs/flags.md): the API's feedback object, the precision estimate from verdict
// counts, and the JSON Lines row a retraining script reads.
import { FEEDBACK_VERDICTS, type FeedbackVerdict } from "@promptsentry/schema/constants/feedback";
import type { Feedback, FeedbackSummary } from "@promptsentry/schema/responses";
import type { FlagFeedbackRow, PromptLogRow } from "@promptsentry/schema/tables/logs";
import { iso } from "../serialize";

export function serializeFeedback(row: FlagFeedbackRow, reviewerName: string | null): Feedback {
  return {
    logId: row.logId,
    verdict: row.verdict,
    note: row.note,
    flagStatus: row.flagStatus,
    flagReasons: row.flagReasons,
    reviewedBy: { id: row.reviewedBy, name: reviewerName },
    reviewedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Precision of the flags operators reviewed: confirmed / (confirmed + false alarms). Null when none
 * were reviewed: no data is not 0 % or 100 %.
 */
export function precision(confirmed: number, falsePositives: number): number | null {
  const reviewed = confirmed + falsePositives;
  return reviewed === 0 ? null : confirmed / reviewed;
}

type Count = { verdict: FeedbackVerdict; n: number };

function tally(rows: Count[]) {
  const counts = Object.fromEntries(FEEDBACK_VERDICTS.map((v) => [v, 0])) as Record<FeedbackVerdict, number>;
  for (const r of rows) counts[r.verdict] += r.n;
  return {
    reviewedFlags: counts.confirmed + counts.false_positive,
    confirmed: counts.confirmed,
    falsePositives: counts.false_positive,
    precision: precision(counts.confirmed, counts.false_positive),
    missed: counts.false_negative,
  };
}

/** GET /api/feedback/summary from the verdict counts, overall and per flag reason (most reviewed first). */
export function feedbackSummary(overall: Count[], perReason: (Count & { reason: string })[]): FeedbackSummary {
  const reasons = new Map<string, Count[]>();
  for (const r of perReason) reasons.set(r.reason, [...(reasons.get(r.reason) ?? []), r]);
  return {
    ...tally(overall),
    byReason: [...reasons]
      .map(([reason, rows]) => {
        const { missed: _notPerReason, ...flags } = tally(rows);
        return { reason, ...flags };
      })
      .sort((a, b) => b.reviewedFlags - a.reviewedFlags || a.reason.localeCompare(b.reason)),
  };
}

/**
 * One training example: the texts, the flag as the operator saw it, the verdict, and `shouldFlag`,
 * the label it implies (a confirmed flag or a missed log should be flagged; a false alarm should not).
 */
export function feedbackJsonlRow({ feedback, log }: { feedback: FlagFeedbackRow; log: PromptLogRow }): string {
  return `${JSON.stringify({
    logId: log.id,
    createdAt: iso(log.createdAt),
    model: log.model,
    prompt: log.prompt,
    response: log.response,
    flagStatus: feedback.flagStatus,
    flagReasons: feedback.flagReasons,
    findings: log.findings,
    verdict: feedback.verdict,
    shouldFlag: feedback.verdict !== "false_positive",
    note: feedback.note,
    reviewedAt: iso(feedback.updatedAt),
  })}\n`;
}
