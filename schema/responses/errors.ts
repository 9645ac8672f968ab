// The one error envelope every non-2xx JSON answer carries (docs/api.md#errors).
import * as v from "valibot";

export const errorEnvelopeSchema = v.object({
  error: v.object({
    /** snake_case, stable: what a client branches on (`validation_failed`, `not_found`, …). */
    code: v.string(),
    /** Human text; for validation, the first message. */
    message: v.string(),
    /** Messages per dotted field path, for validation failures only. */
    issues: v.optional(v.record(v.string(), v.array(v.string()))),
    /** For an unexpected failure (500): the id it was logged under, for support to find it. */
    reference: v.optional(v.string()),
  }),
});
export type ErrorEnvelope = v.InferOutput<typeof errorEnvelopeSchema>;
