// The /logs URL search params, validated with valibot (invalid values fall back to 'not set').
import * as v from "valibot";
import { FINGERPRINT_HEX_LENGTH } from "@promptsentry/schema/constants/privacy";
import { FLAG_STATUSES } from "@promptsentry/schema/constants/flags";
import { LOG_SORTS, SEARCH_MAX_CHARS, SORT_ORDERS } from "@promptsentry/schema/constants/logs";
import { TIME_RANGES } from "@promptsentry/schema/constants/time";

const text = v.fallback(
  v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(SEARCH_MAX_CHARS))),
  undefined,
);
const id = v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(200))), undefined);
/** A boolean kept in the URL as `true` / `false`. */
const bool = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.boolean(), v.picklist(["true", "false"])]),
      v.transform((x) => x === true || x === "true"),
    ),
  ),
  undefined,
);
const isoDate = v.fallback(
  v.optional(
    v.pipe(
      v.string(),
      v.check((s) => !Number.isNaN(Date.parse(s))),
    ),
  ),
  undefined,
);

export const logsSearchSchema = v.object({
  search: text,
  flagStatus: v.fallback(v.optional(v.picklist(FLAG_STATUSES)), undefined),
  model: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined),
  userId: id,
  /** Exact model name (the options come from GET /api/logs/models). */
  models: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined),
  sessionId: id,
  source: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined),
  reason: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(64))), undefined),
  reviewed: bool,
  /** A preset window ending now; `from`/`to` are a custom range. */
  range: v.fallback(v.optional(v.picklist(TIME_RANGES.map((t) => t.value))), undefined),
  view: v.fallback(v.optional(v.picklist(["cards", "table"])), undefined),
  sort: v.fallback(v.optional(v.picklist(LOG_SORTS)), undefined),
  order: v.fallback(v.optional(v.picklist(SORT_ORDERS)), undefined),
  from: isoDate,
  to: isoDate,
  /** Gateway-blocked logs only (true) or none of them (false); kept a boolean so the URL reads `?blocked=true`. */
  blocked: bool,
  /** Hide the dashboard's test prompts (source integration-test): `?hideTests=true`. */
  hideTests: bool,
  fingerprint: v.fallback(v.optional(v.pipe(v.string(), v.regex(new RegExp(`^[0-9a-f]{${FINGERPRINT_HEX_LENGTH}}$`)))), undefined),
});

export type LogsSearch = v.InferOutput<typeof logsSearchSchema>;
