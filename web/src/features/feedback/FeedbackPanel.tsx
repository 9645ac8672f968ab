// 'Operator Review' in the Prompt Details dialog (docs/flags.md): the verdict on this log, and for operators
// with `alerts:write` the controls to confirm a flag, mark it as a false alarm, or mark a safe log as
// missed, with an optional note. Everyone who can read logs sees the verdict; only writers see controls.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FEEDBACK_VERDICT_LABELS, verdictsFor, type FeedbackVerdict } from "@promptsentry/schema/constants/feedback";
import { FLAG_STATUSES, type FlagStatus } from "@promptsentry/schema/constants/flags";
import { errorText } from "../../api/client";
import { feedbackKeys, logFeedbackQueryOptions, removeFeedback, saveFeedback, type Feedback } from "../../api/feedback";
import type { PromptLog } from "../../api/types";
import { TextAreaField } from "../../components/form";
import { toast } from "../../components/toast";
import { Button, Skeleton } from "../../components/ui";
import { formatDateTime } from "../../lib/format";
import { usePermissions } from "../../lib/permissions";

/** What the operator clicks for each verdict. */
const ACTION_LABELS: Record<FeedbackVerdict, string> = {
  confirmed: "Confirm flag",
  false_positive: "Mark as false alarm",
  false_negative: "Mark as missed",
};

const isFlagStatus = (s: string): s is FlagStatus => (FLAG_STATUSES as readonly string[]).includes(s);

function Verdict({ feedback }: { feedback: Feedback }) {
  return (
    <div className="space-y-1 text-sm text-gray-700 dark:text-gray-300">
      <p data-verdict={feedback.verdict}>
        Marked as{" "}
        <strong className="font-semibold text-gray-900 dark:text-white">{FEEDBACK_VERDICT_LABELS[feedback.verdict].toLowerCase()}</strong>
        {feedback.reviewedBy.name ? ` by ${feedback.reviewedBy.name}` : ""} on {formatDateTime(feedback.reviewedAt)}
      </p>
      {feedback.note ? <p className="wrap-anywhere text-gray-600 italic dark:text-gray-400">“{feedback.note}”</p> : null}
    </div>
  );
}

function ReviewControls({ logId, verdicts, feedback }: { logId: string; verdicts: readonly FeedbackVerdict[]; feedback: Feedback | null }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState(feedback?.note ?? "");
  const refresh = () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all });
  const save = useMutation({
    mutationFn: (verdict: FeedbackVerdict) => saveFeedback(logId, { verdict, note: note.trim() || null }),
    onSuccess: (saved) => {
      queryClient.setQueryData(feedbackKeys.log(logId), saved);
      toast({ title: "Review saved" });
    },
    onError: (e) => toast({ title: "Failed to save review", description: errorText(e), variant: "destructive" }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: () => removeFeedback(logId),
    onSuccess: () => {
      queryClient.setQueryData(feedbackKeys.log(logId), null);
      toast({ title: "Review removed" });
    },
    onError: (e) => toast({ title: "Failed to remove review", description: errorText(e), variant: "destructive" }),
    onSettled: refresh,
  });
  const busy = save.isPending || remove.isPending;
  return (
    <div className="mt-3 space-y-3">
      <TextAreaField
        label="Note (optional)"
        rows={2}
        maxLength={1000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        disabled={busy}
      />
      <div className="flex flex-wrap items-center gap-2">
        {verdicts.map((verdict) => (
          <Button
            key={verdict}
            variant={verdict === "confirmed" ? "secondary" : "primary"}
            size="sm"
            aria-pressed={feedback?.verdict === verdict}
            disabled={busy}
            onClick={() => save.mutate(verdict)}
          >
            {save.isPending && save.variables === verdict ? "Saving..." : ACTION_LABELS[verdict]}
          </Button>
        ))}
        {feedback ? (
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => remove.mutate()}>
            {remove.isPending ? "Removing..." : "Remove review"}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

export function FeedbackPanel({ log }: { log: Pick<PromptLog, "id" | "flagStatus"> }) {
  const { can } = usePermissions();
  const q = useQuery(logFeedbackQueryOptions(log.id));
  if (!isFlagStatus(log.flagStatus)) return null;
  const verdicts = verdictsFor(log.flagStatus);
  const question = log.flagStatus === "safe" ? "Should this log have been flagged?" : "Was this flag right?";
  return (
    <section aria-label="Operator Review" className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <h3 className="mb-2 text-sm font-semibold text-gray-900 dark:text-white">Operator Review</h3>
      {q.isPending ? (
        <Skeleton className="h-5 w-2/3" />
      ) : q.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-600 dark:text-red-400">
          Failed to load the review
          <Button variant="secondary" size="sm" onClick={() => void q.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <>
          {q.data ? (
            <Verdict feedback={q.data} />
          ) : (
            <p className="text-sm text-gray-600 dark:text-gray-400">Not reviewed yet. {question}</p>
          )}
          {can("alerts:write") ? (
            // Keyed by the saved review, so the note field starts from what was stored.
            <ReviewControls key={q.data?.reviewedAt ?? "none"} logId={log.id} verdicts={verdicts} feedback={q.data} />
          ) : null}
        </>
      )}
    </section>
  );
}
