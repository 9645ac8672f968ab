// Building blocks of the request schemas: the spec's messages and the field types every resource uses
// (docs/api.md#errors).
import * as v from "valibot";
import { METRIC_MIN_REFRESH_SECONDS } from "../constants/metrics";
import { RETENTION_DAY_OPTIONS } from "../constants/privacy";

export const MESSAGES = {
  nameRequired: "Name is required",
  validUrl: "Valid URL required",
  eventsRequired: "At least one event must be selected",
  permissionsRequired: "At least one permission must be selected",
  validEmail: "Valid email required",
  validWebhookUrl: "Valid webhook URL required",
  queryRequired: "Query is required",
  orgNameMin: "Organization name must be at least 2 characters",
  registrationEmail: "Please enter a valid email address",
  testPromptRequired: "Please enter a test prompt",
  refreshIntervalMin: `Refresh interval must be at least ${METRIC_MIN_REFRESH_SECONDS} seconds`,
  tokenThreshold: "Token threshold must be a positive whole number",
  retention: `Retention must be one of ${RETENTION_DAY_OPTIONS.join(", ")} days`,
  expiresAt: "Expiry must be a valid date in the future",
  promptRequired: "Prompt is required",
  responseRequired: "Response must be a string",
  modelRequired: "Model is required",
  nonNegativeInteger: "Must be a whole number of 0 or more",
  nonNegativeNumber: "Must be a number of 0 or more",
} as const;

/** Fields built with `required()`: optional to valibot (for the message), required in the API docs. */
export const requiredFields = new WeakSet<object>();

/**
 * A required field whose absence reports the field's own message: valibot would otherwise say
 * "Invalid key: Expected …". The placeholder is validated in place of the missing value and fails.
 */
export const required = <S extends v.GenericSchema>(schema: S, placeholder: unknown = "") => {
  const field = v.optional(schema, placeholder as v.InferInput<S>);
  requiredFields.add(field);
  return field;
};

export const requiredName = required(
  v.pipe(
    v.string(MESSAGES.nameRequired),
    v.trim(),
    v.nonEmpty(MESSAGES.nameRequired),
    v.maxLength(100, "Name must be at most 100 characters"),
  ),
);

/** http(s) URLs only: a webhook to `file:` or `javascript:` is never valid. */
export const httpUrl = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.check((s) => /^https?:\/\//i.test(s) && URL.canParse(s), message),
    v.maxLength(2048, message),
  );

export const email = (message: string) => v.pipe(v.string(message), v.trim(), v.email(message), v.maxLength(254, message));

/** Query-string integers arrive as text. */
export const intParam = (min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, `Must be a whole number between ${min} and ${max}`),
      v.transform(Number),
      v.minValue(min, `Must be a whole number between ${min} and ${max}`),
      v.maxValue(max, `Must be a whole number between ${min} and ${max}`),
    ),
    String(fallback),
  );

export const isoDate = v.pipe(
  v.string("Must be an ISO-8601 date"),
  v.trim(),
  v.check((s) => s !== "" && !Number.isNaN(Date.parse(s)), "Must be an ISO-8601 date"),
  v.transform((s) => new Date(s)),
);

export const optionalText = (max: number) =>
  v.optional(v.nullable(v.pipe(v.string(), v.maxLength(max, `Must be at most ${max} characters`))));

/** Keyset cursor: the id of the last row of the previous page. */
export const cursorParam = v.optional(v.pipe(v.string(), v.maxLength(64, "before must be an id")));

/** `true`/`false` in a query string. */
export const booleanParam = (message: string) =>
  v.optional(
    v.pipe(
      v.picklist(["true", "false"], message),
      v.transform((s) => s === "true"),
    ),
  );

export const idParam = v.object({ id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)) });
