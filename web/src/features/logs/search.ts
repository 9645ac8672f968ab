// The /logs URL search params, validated with valibot (invalid values fall back to 'not set').
import * as v from "valibot";
import { FINGERPRINT_HEX_LENGTH, FLAG_STATUSES } from "../../../../schema/constants";

const text = v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(500))), undefined);
const isoDate = v.fallback(
  v.optional(
    v.pipe(
      v.string(),
      v.check((s) => !Number.isNaN(Date.parse(s))),
    ),
  ),
  undefined,
);

/** A boolean kept in the URL as `true` / `false`. */
const urlBoolean = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.boolean(), v.picklist(["true", "false"])]),
      v.transform((x) => x === true || x === "true"),
    ),
  ),
  undefined,
);

export const logsSearchSchema = v.object({
  search: text,
  flagStatus: v.fallback(v.optional(v.picklist(FLAG_STATUSES)), undefined),
  model: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined),
  userId: text,
  from: isoDate,
  to: isoDate,
  /** Gateway-blocked logs only (true) or none of them (false); kept a boolean so the URL reads `?blocked=true`. */
  blocked: urlBoolean,
  /** Hide the dashboard's test prompts (source integration-test): `?hideTests=true`. */
  hideTests: urlBoolean,
  fingerprint: v.fallback(v.optional(v.pipe(v.string(), v.regex(new RegExp(`^[0-9a-f]{${FINGERPRINT_HEX_LENGTH}}$`)))), undefined),
});

export type LogsSearch = v.InferOutput<typeof logsSearchSchema>;
