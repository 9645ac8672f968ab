// Logs: one log and a batch as SDKs send them, the test prompt, and the filters of the logs lists, counts and
// exports (docs/api.md).
import * as v from "valibot";
import { jsonBoundsViolation } from "../json-bounds";
import {
  BATCH_MAX_LOGS,
  MAX_ESTIMATED_COST_CENTS,
  MAX_LATENCY_MS,
  MAX_TEXT_CHARS,
  MAX_TOKEN_COUNT,
  METADATA_LIMITS,
  RESERVED_OBJECT_KEYS,
} from "../constants/ingestion";
import { conversationSchema } from "../conversation";
import { FLAG_STATUSES, type FlagStatus } from "../constants/flags";
import { LOG_SORTS, LOGS_MAX_LIMIT, LOGS_PAGE_LIMIT, SEARCH_MAX_CHARS, SORT_ORDERS } from "../constants/logs";
import { booleanParam, cursorParam, intParam, isoDate, MESSAGES, optionalText, required } from "./fields";
import { fingerprintParam } from "./privacy";

const atMost = (max: number) => `Must be at most ${max.toLocaleString("en-US")}`;
const nonNegativeInt = (max: number) =>
  v.pipe(
    v.number(MESSAGES.nonNegativeInteger),
    v.integer(MESSAGES.nonNegativeInteger),
    v.minValue(0, MESSAGES.nonNegativeInteger),
    v.maxValue(max, atMost(max)),
  );
const nonNegativeNumber = (max: number) =>
  v.pipe(
    v.number(MESSAGES.nonNegativeNumber),
    v.finite(MESSAGES.nonNegativeNumber),
    v.minValue(0, MESSAGES.nonNegativeNumber),
    v.maxValue(max, atMost(max)),
  );

/**
 * `metadata`: a JSON object within METADATA_LIMITS. The bounds are checked on the raw input, before
 * `record` copies it (which would silently drop a top-level `__proto__` the check must refuse).
 */
const metadataObject = v.pipe(
  v.unknown(),
  v.rawCheck(({ dataset, addIssue }) => {
    const value = dataset.value;
    if (value === null || typeof value !== "object" || Array.isArray(value)) return addIssue({ message: "metadata must be an object" });
    const violation = jsonBoundsViolation(value, METADATA_LIMITS, "metadata");
    if (violation) addIssue({ message: violation });
  }),
  v.record(v.string(), v.unknown()),
  v.description(
    `A JSON object: at most ${METADATA_LIMITS.depth} levels deep, ${METADATA_LIMITS.entries} keys and items in all, keys of ` +
      `${METADATA_LIMITS.keyChars} and strings of ${METADATA_LIMITS.stringChars} characters, ${METADATA_LIMITS.jsonChars} characters ` +
      `as JSON, finite numbers, no ${RESERVED_OBJECT_KEYS.join(", ")} keys.`,
  ),
);

/** One log as SDKs send it. Unknown fields are dropped (v.object strips them). */
export const logBody = v.object({
  prompt: required(v.pipe(v.string(MESSAGES.promptRequired), v.nonEmpty(MESSAGES.promptRequired), v.maxLength(MAX_TEXT_CHARS))),
  response: required(v.pipe(v.string(MESSAGES.responseRequired), v.maxLength(MAX_TEXT_CHARS)), null),
  model: required(v.pipe(v.string(MESSAGES.modelRequired), v.trim(), v.nonEmpty(MESSAGES.modelRequired), v.maxLength(100))),
  source: optionalText(100),
  userId: optionalText(200),
  sessionId: optionalText(200),
  tokenCount: v.optional(v.nullable(nonNegativeInt(MAX_TOKEN_COUNT))),
  estimatedCost: v.optional(
    v.nullable(v.pipe(nonNegativeNumber(MAX_ESTIMATED_COST_CENTS), v.description("Estimated cost in US cents (1 = $0.01)."))),
  ),
  latencyMs: v.optional(v.nullable(nonNegativeInt(MAX_LATENCY_MS))),
  metadata: v.optional(v.nullable(metadataObject)),
  /** The conversation `prompt` flattens, kept as turns for reading; the detector scans `prompt`. */
  messages: v.optional(v.nullable(conversationSchema)),
});
export type LogInput = v.InferOutput<typeof logBody>;

export const logBatchBody = v.object({
  logs: required(
    v.pipe(
      v.array(logBody, "logs must be an array"),
      v.minLength(1, "logs must not be empty"),
      v.maxLength(BATCH_MAX_LOGS, `At most ${BATCH_MAX_LOGS} logs per batch`),
    ),
    null,
  ),
});

export const testPromptBody = v.object({
  ...logBody.entries,
  prompt: required(
    v.pipe(v.string(MESSAGES.testPromptRequired), v.trim(), v.nonEmpty(MESSAGES.testPromptRequired), v.maxLength(MAX_TEXT_CHARS)),
  ),
  /** Detect and answer only: nothing stored, no alert, no delivery, no live-feed message. */
  dryRun: v.optional(v.boolean("dryRun must be true or false"), false),
});

const isFlagStatus = (x: string): x is FlagStatus => (FLAG_STATUSES as readonly string[]).includes(x);
/** A comma list (`warning,critical`); a bad value is reported on the field the client sent. */
const flagStatusList = v.pipe(
  v.string(),
  v.transform((s) =>
    s
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean),
  ),
  v.check((list) => list.every(isFlagStatus), `flagStatus must be one or more of ${FLAG_STATUSES.join(", ")}`),
  v.transform((list) => list as FlagStatus[]),
);

/** A comma list of exact values (`gpt-4o,claude-3-opus`), each at most `max` characters. */
const exactList = (field: string, max: number) =>
  v.pipe(
    v.string(),
    v.transform((s) =>
      s
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean),
    ),
    v.check(
      (list) => list.length <= 20 && list.every((x) => x.length <= max),
      `${field} must be at most 20 values of at most ${max} characters`,
    ),
  );

export const LOG_FILTER_MESSAGES = {
  search: `Search must be at most ${SEARCH_MAX_CHARS} characters`,
  range: "from must not be after to",
} as const;

type Range = { from?: Date; to?: Date };
/** `from` after `to` is refused, reported on `from` (the screens show it beside the start date). */
const orderedRange = <T extends Range>() =>
  v.forward<T, v.CheckIssue<T>, ["from"]>(
    v.check<T, string>((q) => !q.from || !q.to || q.from.getTime() <= q.to.getTime(), LOG_FILTER_MESSAGES.range),
    ["from"] as never,
  );

const logFilterEntries = {
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(SEARCH_MAX_CHARS, LOG_FILTER_MESSAGES.search))),
  flagStatus: v.optional(flagStatusList),
  /** A model family, matched as a case-insensitive prefix (`gpt-4` also finds `gpt-4o`): the Dashboard's Quick Filters. */
  model: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  /** Exact model names, one or a comma list: the models the organization's logs name (GET /api/logs/models). */
  models: v.optional(exactList("models", 100)),
  userId: v.optional(v.pipe(v.string(), v.maxLength(200))),
  sessionId: v.optional(v.pipe(v.string(), v.maxLength(200, "sessionId must be at most 200 characters"))),
  source: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, "source must be at most 100 characters"))),
  /** Logs flagged for this reason code. */
  reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64, "reason must be at most 64 characters"))),
  /** Logs with an operator's verdict (`true`) or without one (`false`). */
  reviewed: booleanParam("reviewed must be true or false"),
  from: v.optional(isoDate),
  to: v.optional(isoDate),
  /** Logs in which a redacted value with this fingerprint appeared (docs/log-flow.md). */
  fingerprint: v.optional(fingerprintParam),
  /** Leave out logs of this source (`integration-test`: the dashboard's test prompts). */
  excludeSource: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, "excludeSource must be at most 100 characters"))),
  /** Only logs the gateway refused to forward (`true`), or only the others (`false`). */
  blocked: booleanParam("blocked must be true or false"),
};

const logListEntries = {
  ...logFilterEntries,
  limit: intParam(1, LOGS_MAX_LIMIT, LOGS_PAGE_LIMIT),
  /** Newest first (`time`, the default), or by latency, tokens or cost; logs without the value come last. */
  sort: v.optional(v.picklist(LOG_SORTS, `sort must be one of ${LOG_SORTS.join(", ")}`), "time"),
  order: v.optional(v.picklist(SORT_ORDERS, `order must be one of ${SORT_ORDERS.join(", ")}`), "desc"),
  before: cursorParam,
};

const logsObject = v.object(logListEntries);
export const logsQuery = v.pipe(logsObject, orderedRange<v.InferOutput<typeof logsObject>>());
export type LogsQuery = v.InferOutput<typeof logsQuery>;

/** The list's filters without paging: what GET /api/logs/counts counts. */
const countsObject = v.object(logFilterEntries);
export const countsQuery = v.pipe(countsObject, orderedRange<v.InferOutput<typeof countsObject>>());
/** The filters of the logs lists and counts, without paging or order. */
export type LogFilter = v.InferOutput<typeof countsQuery>;

const exportObject = v.object({
  ...logListEntries,
  format: v.optional(v.picklist(["csv", "jsonl"], "format must be csv or jsonl"), "csv"),
});
export const exportQuery = v.pipe(exportObject, orderedRange<v.InferOutput<typeof exportObject>>());

/** A session or user id as a path segment (the ids SDKs send: at most 200 characters). */
export const sessionParam = v.object({
  id: v.pipe(v.string(), v.nonEmpty("id is required"), v.maxLength(200, "id must be at most 200 characters")),
});
