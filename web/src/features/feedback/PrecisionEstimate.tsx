// The Red Flags screen's precision estimate (docs/flags.md): of the flags operators reviewed, the share they
// confirmed, overall and per reason, computed by the server from the organization's verdicts.
import { useQuery } from "@tanstack/react-query";
import { feedbackExportUrl, feedbackSummaryQueryOptions } from "../../api/feedback";
import { DownloadIcon } from "../../components/icons";
import { Button, Card, Skeleton, buttonClass } from "../../components/ui";
import { reasonLabels } from "../../lib/flags";
import { percent, plural, precisionLine } from "./precision";

export function PrecisionEstimate() {
  const q = useQuery(feedbackSummaryQueryOptions());
  return (
    <Card className="p-5" aria-label="Precision estimate">
      {q.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading">
          <Skeleton className="h-5 w-72" />
        </div>
      ) : q.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-600 dark:text-red-400">
          Failed to load the precision estimate
          <Button variant="secondary" size="sm" onClick={() => void q.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0 space-y-1">
            <p className="text-sm font-semibold text-gray-900 dark:text-white">{precisionLine(q.data)}</p>
            <p className="text-sm text-gray-600 dark:text-gray-400">
              {q.data.reviewedFlags === 0
                ? "Open a flag's details to confirm it or mark it as a false alarm."
                : `${plural(q.data.falsePositives, "false alarm")}, ${plural(q.data.confirmed, "confirmed flag")}`}
              {q.data.missed > 0 ? ` · ${plural(q.data.missed, "missed log")} reported` : ""}
            </p>
            {q.data.byReason.length > 1 ? (
              <ul
                aria-label="Precision per reason"
                className="flex flex-wrap gap-x-4 gap-y-1 pt-1 text-xs text-gray-500 dark:text-gray-400"
              >
                {q.data.byReason.map((r) => (
                  <li key={r.reason}>
                    {reasonLabels([r.reason])[0]}: {percent(r.precision)} ({r.reviewedFlags})
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          {q.data.reviewedFlags + q.data.missed > 0 ? (
            <a href={feedbackExportUrl()} download className={buttonClass("secondary", "sm")}>
              <DownloadIcon className="h-4 w-4" />
              Export feedback (JSONL)
            </a>
          ) : null}
        </div>
      )}
    </Card>
  );
}
