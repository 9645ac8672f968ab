// valibot schemas for every request body and query (docs/api.md). The messages are the spec's
// exact texts; the web forms validate with the same schemas, so client and server always agree.
import * as v from "valibot";
import { AUDIT_ENTITY_TYPES, FEEDBACK_NOTE_MAX, FEEDBACK_VERDICTS } from "./constants";
import {
  ALERTS_ACK_BATCH,
  DETECTION_SENSITIVITIES,
  BATCH_MAX_LOGS,
  FLAG_RULE_KEYS,
  FLAG_STATUSES,
  INTEGRATION_TYPES,
  LOGS_MAX_LIMIT,
  LOGS_PAGE_LIMIT,
  LOG_SORTS,
  SEARCH_MAX_CHARS,
  SORT_ORDERS,
  TOP_SPENDERS_DEFAULT,
  TOP_SPENDERS_MAX,
  MAX_ESTIMATED_COST_CENTS,
  MAX_LATENCY_MS,
  MAX_RANGE_DAYS,
  MAX_TEXT_CHARS,
  MAX_TOKEN_COUNT,
  METADATA_LIMITS,
  METRIC_DEFAULT_REFRESH_SECONDS,
  METRIC_MIN_REFRESH_SECONDS,
  METRIC_TYPES,
  METRIC_VISUALIZATIONS,
  PERMISSIONS,
  RESERVED_OBJECT_KEYS,
  RETENTION_DAY_OPTIONS,
  ROLES,
  STATS_DEFAULT_DAYS,
  WEBHOOK_EVENTS,
  type FlagStatus,
  FINGERPRINT_HEX_LENGTH,
  METADATA_RETENTION_DAY_OPTIONS,
  REDACTION_MODES,
  GATEWAY_BLOCK_LEVELS,
} from "./constants";
import { conversationSchema } from "./conversation";
import { jsonBoundsViolation } from "./json-bounds";

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

// ── Building blocks ─────────────────────────────────────────────────────────
/** Fields built with `required()`: optional to valibot (for the message), required in the API docs. */
export const requiredFields = new WeakSet<object>();

/**
 * A required field whose absence reports the field's own message: valibot would otherwise say
 * "Invalid key: Expected …". The placeholder is validated in place of the missing value and fails.
 */
const required = <S extends v.GenericSchema>(schema: S, placeholder: unknown = "") => {
  const field = v.optional(schema, placeholder as v.InferInput<S>);
  requiredFields.add(field);
  return field;
};

const requiredName = required(
  v.pipe(
    v.string(MESSAGES.nameRequired),
    v.trim(),
    v.nonEmpty(MESSAGES.nameRequired),
    v.maxLength(100, "Name must be at most 100 characters"),
  ),
);

/** http(s) URLs only: a webhook to `file:` or `javascript:` is never valid. */
const httpUrl = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.check((s) => /^https?:\/\//i.test(s) && URL.canParse(s), message),
    v.maxLength(2048, message),
  );

const email = (message: string) => v.pipe(v.string(message), v.trim(), v.email(message), v.maxLength(254, message));

/** Query-string integers arrive as text. */
const intParam = (min: number, max: number, fallback: number) =>
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

const isoDate = v.pipe(
  v.string("Must be an ISO-8601 date"),
  v.trim(),
  v.check((s) => s !== "" && !Number.isNaN(Date.parse(s)), "Must be an ISO-8601 date"),
  v.transform((s) => new Date(s)),
);

const optionalText = (max: number) => v.optional(v.nullable(v.pipe(v.string(), v.maxLength(max, `Must be at most ${max} characters`))));

// ── Registration and session ────────────────────────────────────────────────
const organizationName = v.pipe(
  v.string(MESSAGES.orgNameMin),
  v.trim(),
  v.minLength(2, MESSAGES.orgNameMin),
  v.maxLength(100, "Organization name must be at most 100 characters"),
);

export const ADMIN_NAME_MESSAGES = {
  required: "Please enter your name",
  max: "Your name must be at most 100 characters",
} as const;
const adminName = v.pipe(
  v.string(ADMIN_NAME_MESSAGES.required),
  v.trim(),
  v.nonEmpty(ADMIN_NAME_MESSAGES.required),
  v.maxLength(100, ADMIN_NAME_MESSAGES.max),
);

export const registerBody = v.object({
  name: required(organizationName),
  email: required(email(MESSAGES.registrationEmail)),
  /** The first admin's own name (their member's name); optional for API callers: the e-mail's local part stands in. */
  adminName: v.optional(adminName),
});

/** The sign-up form asks the admin's name: the same body with the name required. */
export const signUpForm = v.object({ ...registerBody.entries, adminName: required(adminName) });

export const sessionBody = v.object({
  apiKey: required(v.pipe(v.string("API key is required"), v.trim(), v.nonEmpty("API key is required"), v.maxLength(200))),
});

// ── Privacy settings: redaction mode and metadata retention (docs/log-flow.md) ──
export const REDACTION_MESSAGES = {
  redaction: `Redaction must be one of ${REDACTION_MODES.join(", ")}`,
  metadataRetention: `Metadata retention must be one of ${METADATA_RETENTION_DAY_OPTIONS.join(", ")} days`,
  metadataBelowBodies: "Metadata retention must be at least the log retention",
  fingerprint: `fingerprint must be ${FINGERPRINT_HEX_LENGTH} hexadecimal characters`,
} as const;
const privacySettingsEntries = {
  redaction: v.optional(v.picklist(REDACTION_MODES, REDACTION_MESSAGES.redaction)),
  metadataRetentionDays: v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))], REDACTION_MESSAGES.metadataRetention),
      v.check((n) => (METADATA_RETENTION_DAY_OPTIONS as readonly number[]).includes(n), REDACTION_MESSAGES.metadataRetention),
    ),
  ),
};
/** A redacted value's fingerprint as the API shows it (lower-case hex HMAC-SHA256). */
export const fingerprintParam = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.regex(new RegExp(`^[0-9a-f]{${FINGERPRINT_HEX_LENGTH}}$`), REDACTION_MESSAGES.fingerprint),
);

// ── Prompt logs ─────────────────────────────────────────────────────────────
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

/** Keyset cursor: the id of the last row of the previous page. */
const cursorParam = v.optional(v.pipe(v.string(), v.maxLength(64, "before must be an id")));

/** `true`/`false` in a query string. */
const booleanParam = (message: string) =>
  v.optional(
    v.pipe(
      v.picklist(["true", "false"], message),
      v.transform((s) => s === "true"),
    ),
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

export const userViewQuery = v.object({
  days: intParam(1, MAX_RANGE_DAYS, 30),
});

export const topSpendersQuery = v.object({
  days: intParam(1, MAX_RANGE_DAYS, 30),
  limit: intParam(1, TOP_SPENDERS_MAX, TOP_SPENDERS_DEFAULT),
});

export const daysQuery = v.object({
  days: intParam(1, MAX_RANGE_DAYS, STATS_DEFAULT_DAYS),
});

// ── Alerts ──────────────────────────────────────────────────────────────────
export const alertsQuery = v.object({
  acknowledged: v.optional(v.picklist(["true", "false"], "acknowledged must be true or false")),
  limit: intParam(1, LOGS_MAX_LIMIT, LOGS_PAGE_LIMIT),
  before: cursorParam,
});

export const acknowledgeAlertsBody = v.object({
  ids: v.pipe(
    v.array(
      v.pipe(v.string("ids must be alert ids"), v.nonEmpty("ids must be alert ids"), v.maxLength(64, "ids must be alert ids")),
      "ids must be a list of alert ids",
    ),
    v.minLength(1, "Name at least one alert"),
    v.maxLength(ALERTS_ACK_BATCH, `At most ${ALERTS_ACK_BATCH} alerts at a time`),
  ),
});

// ── Webhooks ────────────────────────────────────────────────────────────────
const webhookEvents = required(
  v.pipe(
    v.array(v.picklist(WEBHOOK_EVENTS, "Unknown event"), MESSAGES.eventsRequired),
    v.minLength(1, MESSAGES.eventsRequired),
    v.transform((events) => [...new Set(events)]),
  ),
  [],
);

export const webhookBody = v.object({
  name: requiredName,
  url: required(httpUrl(MESSAGES.validUrl)),
  events: webhookEvents,
});

export const webhookPatch = v.pipe(
  v.object({
    name: v.optional(requiredName),
    url: v.optional(httpUrl(MESSAGES.validUrl)),
    events: v.optional(webhookEvents),
    active: v.optional(v.boolean("active must be true or false")),
  }),
  v.check((o) => Object.values(o).some((x) => x !== undefined), "Nothing to update"),
);

// ── API keys ────────────────────────────────────────────────────────────────
export const apiKeyBody = v.object({
  name: requiredName,
  permissions: required(
    v.pipe(
      v.array(v.picklist(PERMISSIONS, "Unknown permission"), MESSAGES.permissionsRequired),
      v.minLength(1, MESSAGES.permissionsRequired),
      v.transform((p) => [...new Set(p)]),
    ),
    [],
  ),
  expiresAt: v.optional(
    v.nullable(
      v.pipe(
        v.string(MESSAGES.expiresAt),
        v.check((s) => !Number.isNaN(Date.parse(s)), MESSAGES.expiresAt),
        v.transform((s) => new Date(s)),
        v.check((d) => d.getTime() > Date.now(), MESSAGES.expiresAt),
      ),
    ),
  ),
});

// ── Integrations ────────────────────────────────────────────────────────────
const optionalUrl = v.optional(v.union([v.literal(""), httpUrl(MESSAGES.validUrl)], MESSAGES.validUrl));
const optionalConfigText = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)));
const hookConfig = v.object({
  webhook_url: required(httpUrl(MESSAGES.validWebhookUrl)),
  url: optionalUrl,
  api_key: optionalConfigText,
  channel: optionalConfigText,
});
const emailConfig = v.object({
  email: required(email(MESSAGES.validEmail)),
  url: optionalUrl,
  api_key: optionalConfigText,
});

const integrationName = { name: requiredName };
export const integrationBody = v.variant(
  "type",
  [
    v.object({ ...integrationName, type: v.literal("webhook"), config: required(hookConfig, {}) }),
    v.object({ ...integrationName, type: v.literal("slack"), config: required(hookConfig, {}) }),
    v.object({ ...integrationName, type: v.literal("discord"), config: required(hookConfig, {}) }),
    v.object({ ...integrationName, type: v.literal("email"), config: required(emailConfig, {}) }),
  ],
  `Type must be one of ${INTEGRATION_TYPES.join(", ")}`,
);
export type IntegrationInput = v.InferOutput<typeof integrationBody>;

export const integrationPatch = v.pipe(
  v.object({
    name: v.optional(requiredName),
    active: v.optional(v.boolean("active must be true or false")),
    config: v.optional(v.record(v.string(), v.string())),
  }),
  v.check((o) => Object.values(o).some((x) => x !== undefined), "Nothing to update"),
);

/** The config schema for one integration type, for re-validating a patched config. */
export function integrationConfigSchema(type: (typeof INTEGRATION_TYPES)[number]) {
  return type === "email" ? emailConfig : hookConfig;
}

// ── Custom metrics ──────────────────────────────────────────────────────────
export const customMetricBody = v.object({
  name: requiredName,
  description: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(500))), null),
  query: required(
    v.pipe(
      v.string(MESSAGES.queryRequired),
      v.trim(),
      v.nonEmpty(MESSAGES.queryRequired),
      v.maxLength(4000, "Query must be at most 4000 characters"),
    ),
  ),
  type: v.optional(v.picklist(METRIC_TYPES, `Type must be one of ${METRIC_TYPES.join(", ")}`), "count"),
  visualization: v.optional(
    v.picklist(METRIC_VISUALIZATIONS, `Visualization must be one of ${METRIC_VISUALIZATIONS.join(", ")}`),
    "number",
  ),
  refreshInterval: v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))], MESSAGES.refreshIntervalMin),
      v.integer(MESSAGES.refreshIntervalMin),
      v.minValue(METRIC_MIN_REFRESH_SECONDS, MESSAGES.refreshIntervalMin),
      v.maxValue(86_400 * 7, "Refresh interval must be at most 7 days"),
    ),
    METRIC_DEFAULT_REFRESH_SECONDS,
  ),
  isActive: v.optional(v.boolean(), true),
});

// ── OpenAI-compatible gateway (docs/gateway.md) ─────────────────────────────
export const GATEWAY_MESSAGES = {
  block: `Gateway blocking must be one of ${GATEWAY_BLOCK_LEVELS.join(", ")}`,
  upstream: "Gateway upstream must be an http(s) URL",
  allowOverride: "gatewayAllowUpstreamOverride must be true or false",
  messagesRequired: "messages must be a non-empty array",
  role: "Each message needs a role",
  content: "content must be a string, an array of content parts or null",
  inputRequired: "input must be a non-empty string or a non-empty array of items",
  contentsRequired: "contents must be a non-empty array",
} as const;
const gatewaySettingsEntries = {
  gatewayBlock: v.optional(v.picklist(GATEWAY_BLOCK_LEVELS, GATEWAY_MESSAGES.block)),
  /** "" or null: back to DEFAULT_GATEWAY_UPSTREAM. */
  gatewayUpstream: v.optional(v.nullable(v.union([v.literal(""), httpUrl(GATEWAY_MESSAGES.upstream)], GATEWAY_MESSAGES.upstream))),
  /** The Anthropic and Gemini base URLs; "" or null: back to their defaults. */
  gatewayAnthropicUpstream: v.optional(v.nullable(v.union([v.literal(""), httpUrl(GATEWAY_MESSAGES.upstream)], GATEWAY_MESSAGES.upstream))),
  gatewayGeminiUpstream: v.optional(v.nullable(v.union([v.literal(""), httpUrl(GATEWAY_MESSAGES.upstream)], GATEWAY_MESSAGES.upstream))),
  gatewayAllowUpstreamOverride: v.optional(v.boolean(GATEWAY_MESSAGES.allowOverride)),
};

/**
 * The part of an OpenAI chat completion request the gateway reads. Loose: every other field (tools,
 * temperature, response_format, …) is forwarded to the provider as sent, never checked or dropped here.
 */
const chatMessage = v.looseObject({
  role: v.pipe(v.string(GATEWAY_MESSAGES.role), v.nonEmpty(GATEWAY_MESSAGES.role), v.maxLength(64, GATEWAY_MESSAGES.role)),
  content: v.optional(v.nullable(v.union([v.string(), v.array(v.looseObject({ type: v.string() }))], GATEWAY_MESSAGES.content))),
});
export const gatewayChatBody = v.looseObject({
  model: required(v.pipe(v.string(MESSAGES.modelRequired), v.trim(), v.nonEmpty(MESSAGES.modelRequired), v.maxLength(200))),
  messages: required(
    v.pipe(v.array(chatMessage, GATEWAY_MESSAGES.messagesRequired), v.minLength(1, GATEWAY_MESSAGES.messagesRequired)),
    null,
  ),
  stream: v.optional(v.nullable(v.boolean("stream must be true or false"))),
  user: v.optional(v.nullable(v.pipe(v.string("user must be a string"), v.maxLength(200)))),
});
export type GatewayChatInput = v.InferOutput<typeof gatewayChatBody>;

const gatewayModel = required(v.pipe(v.string(MESSAGES.modelRequired), v.trim(), v.nonEmpty(MESSAGES.modelRequired), v.maxLength(200)));
const gatewayStream = v.optional(v.nullable(v.boolean("stream must be true or false")));
const contentBlocks = v.array(v.looseObject({ type: v.string("Each content block needs a type") }), GATEWAY_MESSAGES.content);

/** An Anthropic Messages request, as far as the gateway reads it (the rest is forwarded as sent). */
export const gatewayAnthropicBody = v.looseObject({
  model: gatewayModel,
  messages: required(
    v.pipe(
      v.array(
        v.looseObject({
          role: v.pipe(v.string(GATEWAY_MESSAGES.role), v.nonEmpty(GATEWAY_MESSAGES.role), v.maxLength(64, GATEWAY_MESSAGES.role)),
          content: v.union([v.string(), contentBlocks], "content must be a string or an array of content blocks"),
        }),
        GATEWAY_MESSAGES.messagesRequired,
      ),
      v.minLength(1, GATEWAY_MESSAGES.messagesRequired),
    ),
    null,
  ),
  system: v.optional(v.nullable(v.union([v.string(), contentBlocks], "system must be a string or an array of text blocks"))),
  stream: gatewayStream,
  metadata: v.optional(
    v.nullable(v.looseObject({ user_id: v.optional(v.nullable(v.pipe(v.string("metadata.user_id must be a string"), v.maxLength(256)))) })),
  ),
});
export type GatewayAnthropicInput = v.InferOutput<typeof gatewayAnthropicBody>;

/** An OpenAI Responses request: `input` is a string or a list of items (messages, tool calls and outputs). */
export const gatewayResponsesBody = v.looseObject({
  model: gatewayModel,
  input: required(
    v.union(
      [
        v.pipe(v.string(), v.nonEmpty(GATEWAY_MESSAGES.inputRequired)),
        v.pipe(v.array(v.looseObject({})), v.minLength(1, GATEWAY_MESSAGES.inputRequired)),
      ],
      GATEWAY_MESSAGES.inputRequired,
    ),
    null,
  ),
  instructions: v.optional(v.nullable(v.string("instructions must be a string"))),
  stream: gatewayStream,
  user: v.optional(v.nullable(v.pipe(v.string("user must be a string"), v.maxLength(200)))),
});
export type GatewayResponsesInput = v.InferOutput<typeof gatewayResponsesBody>;

/** A Gemini generateContent request: `contents` of `parts`, and an optional `systemInstruction`. */
export const gatewayGeminiBody = v.looseObject({
  contents: required(
    v.pipe(
      v.array(
        v.looseObject({
          role: v.optional(v.pipe(v.string(GATEWAY_MESSAGES.role), v.maxLength(64, GATEWAY_MESSAGES.role))),
          parts: v.array(v.looseObject({}), "Each content needs parts: an array of parts"),
        }),
        GATEWAY_MESSAGES.contentsRequired,
      ),
      v.minLength(1, GATEWAY_MESSAGES.contentsRequired),
    ),
    null,
  ),
  systemInstruction: v.optional(
    v.nullable(
      v.looseObject(
        { parts: v.array(v.looseObject({}), "systemInstruction needs parts: an array of parts") },
        "systemInstruction must be a content",
      ),
    ),
  ),
});
export type GatewayGeminiInput = v.InferOutput<typeof gatewayGeminiBody>;

// ── Settings, data, team ────────────────────────────────────────────────────
export const settingsBody = v.object({
  organizationName: v.optional(organizationName),
  retentionDays: v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))], MESSAGES.retention),
      v.check((n) => (RETENTION_DAY_OPTIONS as readonly number[]).includes(n), MESSAGES.retention),
    ),
  ),
  emailAlerts: v.optional(v.boolean()),
  slackNotifications: v.optional(v.boolean()),
  criticalOnly: v.optional(v.boolean()),
  webhookUrl: v.optional(v.nullable(v.union([v.literal(""), httpUrl(MESSAGES.validUrl)], MESSAGES.validUrl))),
  sensitivity: v.optional(v.picklist(DETECTION_SENSITIVITIES, `Sensitivity must be one of ${DETECTION_SENSITIVITIES.join(", ")}`)),
  flagRules: v.optional(
    v.partial(
      v.object(
        Object.fromEntries(FLAG_RULE_KEYS.map((k) => [k, v.boolean()])) as Record<
          (typeof FLAG_RULE_KEYS)[number],
          v.BooleanSchema<undefined>
        >,
      ),
    ),
  ),
  tokenThreshold: v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d+$/), v.transform(Number))], MESSAGES.tokenThreshold),
      v.integer(MESSAGES.tokenThreshold),
      v.minValue(1, MESSAGES.tokenThreshold),
      v.maxValue(10_000_000, MESSAGES.tokenThreshold),
    ),
  ),
  ...privacySettingsEntries,
  ...gatewaySettingsEntries,
});
export type SettingsInput = v.InferOutput<typeof settingsBody>;

export const deleteDataBody = v.object({
  confirm: required(v.pipe(v.string("Type the organization name to confirm"), v.nonEmpty("Type the organization name to confirm"))),
});

const role = required(v.picklist(ROLES, `Role must be one of ${ROLES.join(", ")}`));

export const teamInviteBody = v.object({
  name: requiredName,
  email: required(email(MESSAGES.registrationEmail)),
  role,
});

export const teamPatchBody = v.object({ role });

export const idParam = v.object({ id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)) });

// ── Flag feedback (docs/flags.md) ────────────────────────────────────────────
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

// ── Audit log ────────────────────────────────────────────────────────────────
/** A record id: the cursor compares ids (ULIDs, time-ordered) in both databases, so it must be one. */
const auditCursor = v.optional(v.pipe(v.string(), v.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/i, "before must be an audit record id")));

export const auditQuery = v.pipe(
  v.object({
    limit: intParam(1, LOGS_MAX_LIMIT, LOGS_PAGE_LIMIT),
    entityType: v.optional(v.picklist(AUDIT_ENTITY_TYPES, `entityType must be one of ${AUDIT_ENTITY_TYPES.join(", ")}`)),
    /** A member's id, or a key's for keys of no member. */
    actor: v.optional(
      v.pipe(v.string(), v.trim(), v.nonEmpty("actor must be a member or key id"), v.maxLength(64, "actor must be a member or key id")),
    ),
    from: v.optional(isoDate),
    to: v.optional(isoDate),
    before: auditCursor,
  }),
  v.forward(
    v.check((q) => !q.from || !q.to || q.from.getTime() <= q.to.getTime(), "from must not be after to"),
    ["from"],
  ),
);
export type AuditQuery = v.InferOutput<typeof auditQuery>;
