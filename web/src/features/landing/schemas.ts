// Client-side validation of the registration form (spec §5) with the server's own schema, so the
// browser and the worker always agree on the rules and the messages.
import * as v from "valibot";
import { registerBody } from "../../../../schema/validation";

export const RegisterSchema = registerBody;
export type RegisterValues = v.InferOutput<typeof RegisterSchema>;

export type FormErrors = Partial<Record<string, string>>;

/** Validate with a valibot schema → [values, null] or [null, first error per field]. */
export function validate<T extends v.GenericSchema>(schema: T, input: unknown): [v.InferOutput<T>, null] | [null, FormErrors] {
  const result = v.safeParse(schema, input);
  if (result.success) return [result.output, null];
  const errors: FormErrors = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? "form";
    errors[key] ??= issue.message;
  }
  return [null, errors];
}
