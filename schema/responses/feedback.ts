// Flag feedback: an operator's verdict on a log and the precision estimate of reviewed flags.
import * as v from "valibot";
import { FEEDBACK_VERDICTS } from "../constants/feedback";
import { FLAG_STATUSES } from "../constants/flags";
import { id, nullableString, timestamp } from "./common";

export const feedbackSchema = v.object({
  logId: id,
  verdict: v.picklist(FEEDBACK_VERDICTS),
  note: nullableString,
  /** The flag as it stood when judged. */
  flagStatus: v.picklist(FLAG_STATUSES),
  flagReasons: v.array(v.string()),
  reviewedBy: v.object({ id, name: nullableString }),
  reviewedAt: timestamp,
});
export type Feedback = v.InferOutput<typeof feedbackSchema>;

/** GET /api/logs/{id}/feedback: null before anyone reviewed the log. */
export const feedbackOrNullSchema = v.nullable(feedbackSchema);

const flagPrecision = {
  reviewedFlags: v.number(),
  confirmed: v.number(),
  falsePositives: v.number(),
  /** confirmed / reviewedFlags; null when none were reviewed. */
  precision: v.nullable(v.number()),
};
export const flagPrecisionSchema = v.object(flagPrecision);
export type FlagPrecision = v.InferOutput<typeof flagPrecisionSchema>;

export const feedbackSummarySchema = v.object({
  ...flagPrecision,
  missed: v.number(),
  byReason: v.array(v.object({ reason: v.string(), ...flagPrecision })),
});
export type FeedbackSummary = v.InferOutput<typeof feedbackSummarySchema>;
