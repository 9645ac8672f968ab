// Flag feedback (docs/flags.md): an operator's verdict per log, the precision estimate and the JSONL export.
import { queryOptions } from "@tanstack/react-query";
import type { FeedbackVerdict } from "@promptsentry/schema/constants/feedback";
import { api, withQuery } from "./client";
import type { Feedback, FeedbackSummary } from "./types";

export type { Feedback, FeedbackSummary };

export const feedbackKeys = {
  all: ["feedback"] as const,
  summary: () => ["feedback", "summary"] as const,
  log: (logId: string) => ["feedback", "log", logId] as const,
};

const feedbackPath = (logId: string) => `/api/logs/${encodeURIComponent(logId)}/feedback`;

/** GET /api/logs/{id}/feedback: the verdict on a log, or null before anyone reviewed it. */
export const logFeedbackQueryOptions = (logId: string) =>
  queryOptions({
    queryKey: feedbackKeys.log(logId),
    queryFn: ({ signal }) => api<Feedback | null>(feedbackPath(logId), { signal }),
  });

/** GET /api/feedback/summary: precision of the reviewed flags, overall and per reason. */
export const feedbackSummaryQueryOptions = () =>
  queryOptions({
    queryKey: feedbackKeys.summary(),
    queryFn: ({ signal }) => api<FeedbackSummary>("/api/feedback/summary", { signal }),
  });

export const saveFeedback = (logId: string, body: { verdict: FeedbackVerdict; note: string | null }) =>
  api<Feedback>(feedbackPath(logId), { method: "PUT", body });

export const removeFeedback = (logId: string) => api<null>(feedbackPath(logId), { method: "DELETE" });

/** Download link of the verdicts as JSON Lines (for retraining the detector). */
export const feedbackExportUrl = (verdict?: FeedbackVerdict) => withQuery("/api/feedback/export", { verdict });
