// Flag feedback: operator verdicts on flags (docs/flags.md).
import type { FlagStatus } from "./flags";

/**
 * An operator's verdict on one log: `confirmed` (the flag was right), `false_positive` (a flag that
 * should not have been raised, "false alarm") and `false_negative` (a safe log that should have been
 * flagged, "missed"). The first two apply to flagged logs only, the last to safe logs only.
 */
export const FEEDBACK_VERDICTS = ["confirmed", "false_positive", "false_negative"] as const;
export type FeedbackVerdict = (typeof FEEDBACK_VERDICTS)[number];
export const FEEDBACK_VERDICT_LABELS: Record<FeedbackVerdict, string> = {
  confirmed: "Confirmed flag",
  false_positive: "False alarm",
  false_negative: "Missed",
};
/** Which verdicts fit a log of each flag status. */
export const verdictsFor = (flagStatus: FlagStatus): readonly FeedbackVerdict[] =>
  flagStatus === "safe" ? ["false_negative"] : ["confirmed", "false_positive"];
export const FEEDBACK_NOTE_MAX = 1000;
