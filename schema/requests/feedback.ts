// Flag feedback: an operator's verdict and the export of verdicts (docs/flags.md).
import * as v from "valibot";
import { FEEDBACK_NOTE_MAX, FEEDBACK_VERDICTS } from "../constants/feedback";
import { required } from "./fields";

const verdict = v.picklist(FEEDBACK_VERDICTS, `Verdict must be one of ${FEEDBACK_VERDICTS.join(", ")}`);

export const feedbackBody = v.object({
  verdict: required(verdict),
  note: v.optional(
    v.nullable(
      v.pipe(
        v.string("Note must be text"),
        v.trim(),
        v.maxLength(FEEDBACK_NOTE_MAX, `Note must be at most ${FEEDBACK_NOTE_MAX} characters`),
        // An emptied note is no note.
        v.transform((s) => s || null),
      ),
    ),
  ),
});
export type FeedbackInput = v.InferOutput<typeof feedbackBody>;

export const feedbackExportQuery = v.object({ verdict: v.optional(verdict) });
