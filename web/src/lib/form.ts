// Form validation with the server's own valibot schemas (schema/requests/), so the browser and
// the worker agree on rules and messages; and the server's `error.issues` mapped onto the same fields.
import * as v from "valibot";
import { issueText } from "@promptsentry/schema/issue-text";
import { ApiError } from "../api/client";

/** First message per field path ('name', 'config.webhook_url', …). */
export type FormErrors = Partial<Record<string, string>>;

/** Validate with a valibot schema → [values, null] or [null, first error per field]. */
export function validateForm<T extends v.GenericSchema>(schema: T, input: unknown): [v.InferOutput<T>, null] | [null, FormErrors] {
  const result = v.safeParse(schema, input);
  if (result.success) return [result.output, null];
  const errors: FormErrors = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? "form";
    errors[key] ??= issueText(issue);
  }
  return [null, errors];
}

/** Field errors from a server answer: `error.issues` (first message each), else nothing. */
export function serverErrors(error: unknown): FormErrors | null {
  if (!(error instanceof ApiError) || !error.issues) return null;
  const errors: FormErrors = {};
  for (const [key, messages] of Object.entries(error.issues)) if (messages?.[0]) errors[key || "form"] = messages[0];
  return Object.keys(errors).length ? errors : null;
}
