// The one place for every business constant of the product (what they mean: docs/api.md, docs/auth-and-tenancy.md,
// docs/flags.md, docs/delivery.md, docs/web.md).
// Web, worker and party all import from here; nothing else may restate these values.

export const PRODUCT_NAME = "PromptSentry";

// ── Flags ────────────────────────────────────────────────────────────────────
export const FLAG_STATUSES = ["safe", "warning", "critical"] as const;
export type FlagStatus = (typeof FLAG_STATUSES)[number];

export const FLAG_REASONS = ["prompt_injection", "jailbreak_attempt", "sensitive_content", "high_token_usage"] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

/** Labels of reason codes. Unknown codes are shown as they are. */
export const FLAG_REASON_LABELS: Record<FlagReason, string> = {
  prompt_injection: "Prompt Injection",
  jailbreak_attempt: "Jailbreak Attempt",
  sensitive_content: "Sensitive Content",
  high_token_usage: "High Token Usage",
};
export const UNKNOWN_REASON_LABEL = "Unknown";

/** Explanation texts of the Flag Analysis card (docs/web.md#texts). */
export const SAFE_EXPLANATION = "This prompt and response pair contains no concerning content and follows standard communication patterns.";
export const ISSUES_EXPLANATION_PREFIX = "Issues detected: ";
export const FLAG_REASON_EXPLANATIONS: Record<FlagReason, string> = {
  prompt_injection: "Potential prompt injection attempt detected",
  jailbreak_attempt: "Jailbreak attempt identified",
  sensitive_content: "Sensitive content flagged",
  high_token_usage: "Unusually high token usage detected",
};

export function reasonLabel(code: string): string {
  return (FLAG_REASON_LABELS as Record<string, string>)[code] ?? code;
}

export function flagExplanation(flagStatus: string, reasons: readonly string[] | null | undefined): string {
  if (flagStatus === "safe") return SAFE_EXPLANATION;
  const texts = (reasons ?? []).map((r) => (FLAG_REASON_EXPLANATIONS as Record<string, string>)[r] ?? r);
  return ISSUES_EXPLANATION_PREFIX + texts.join(", ");
}

/** Keys of `flagRules` in settings, and which reason each one switches. */
export const FLAG_RULE_KEYS = ["promptInjection", "jailbreakAttempts", "sensitiveContent", "highTokenUsage"] as const;
export type FlagRuleKey = (typeof FLAG_RULE_KEYS)[number];
export type FlagRules = Record<FlagRuleKey, boolean>;
export const FLAG_RULE_REASON: Record<FlagRuleKey, FlagReason> = {
  promptInjection: "prompt_injection",
  jailbreakAttempts: "jailbreak_attempt",
  sensitiveContent: "sensitive_content",
  highTokenUsage: "high_token_usage",
};

// ── Settings defaults ──────────────────────────────────────────────
export const RETENTION_DAY_OPTIONS = [7, 30, 90, 365] as const;
export const DEFAULT_RETENTION_DAYS = 30;
export const DEFAULT_TOKEN_THRESHOLD = 4000;
export const DEFAULT_FLAG_RULES: FlagRules = {
  promptInjection: true,
  jailbreakAttempts: true,
  sensitiveContent: true,
  highTokenUsage: true,
};
export const DEFAULT_ALERT_SETTINGS = { emailAlerts: true, slackNotifications: false, criticalOnly: true } as const;

// ── Permissions and roles (docs/auth-and-tenancy.md) ───────────────────────────────
export const PERMISSIONS = ["logs:read", "logs:write", "alerts:read", "alerts:write", "users:read", "admin"] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const PERMISSION_LABELS: Record<Permission, string> = {
  "logs:read": "Read Prompt Logs",
  "logs:write": "Write Prompt Logs",
  "alerts:read": "Read Alerts",
  "alerts:write": "Manage Alerts",
  "users:read": "Read Users",
  admin: "Full Access",
};

export const ROLES = ["admin", "engineer", "viewer"] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  viewer: ["logs:read", "alerts:read"],
  engineer: ["logs:read", "alerts:read", "logs:write", "alerts:write", "users:read"],
  admin: ["admin"],
};
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: "Full access to all features and settings",
  engineer: "Search, debug and export logs",
  viewer: "Read-only access to logs",
};

// ── API keys (docs/auth-and-tenancy.md) ─────────────────────────────────────────────────────
export const API_KEY_PREFIX = "pk_live_";
export const API_KEY_RANDOM_LENGTH = 32;
export const API_KEY_DISPLAY_PREFIX_LENGTH = 16;
export const MASKED_KEY_ASTERISKS = 32;
export const STATUS_CARD_KEY_CHARS = 20;
export const SESSION_COOKIE = "ps_session";

// ── Webhooks and integrations ────────────────────────────────────────────────
export const WEBHOOK_EVENTS = ["prompt.created", "flag.detected", "alert.created", "user.joined"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "prompt.created": "New Prompt",
  "flag.detected": "Flag Detected",
  "alert.created": "Alert Created",
  "user.joined": "User Joined",
};
export const INTEGRATION_TYPES = ["webhook", "email", "slack", "discord"] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

// ── Alerts and anomalies ─────────────────────────────────────────────────────
export const ALERT_SEVERITIES = ["high", "medium", "low"] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
export const ALERT_TYPES = ["red_flag", "anomaly"] as const;
/** Burst grouping window: one open alert per type and reason per window (docs/delivery.md). */
export const ALERT_GROUP_WINDOW_MS = 60_000;
export const ANOMALY_SEVERITIES = ["low", "medium", "high", "critical"] as const;
export type AnomalySeverity = (typeof ANOMALY_SEVERITIES)[number];

// ── Custom metrics ───────────────────────────────────────────────────────────
export const METRIC_TYPES = ["count", "avg", "sum", "percentage"] as const;
export const METRIC_VISUALIZATIONS = ["line", "bar", "pie", "number"] as const;
export const METRIC_MIN_REFRESH_SECONDS = 60;
export const METRIC_DEFAULT_REFRESH_SECONDS = 300;

// ── Models and prices ────────────────────────────────────────────────────────
/** Flag filter of the logs screens (docs/web.md#screens). */
export const FLAG_FILTER_OPTIONS = [
  { value: "all", label: "All Flags" },
  { value: "safe", label: "Safe" },
  { value: "warning", label: "Warning" },
  { value: "critical", label: "Critical" },
] as const;
/** One day in milliseconds (UTC days: no daylight saving). */
export const DAY_MS = 86_400_000;
/** The 7-day window: the dashboard's stats and the 7-day Flag Trends panels. */
export const WEEK_DAYS = 7;
/** Time ranges of the Quick Filters card, 1h the default. */
export const TIME_RANGES = [
  { value: "1h", label: "Last hour", ms: 3_600_000 },
  { value: "24h", label: "Last 24 hours", ms: DAY_MS },
  { value: "7d", label: "Last 7 days", ms: WEEK_DAYS * DAY_MS },
  { value: "30d", label: "Last 30 days", ms: 30 * DAY_MS },
] as const;
export type TimeRange = (typeof TIME_RANGES)[number]["value"];
export const DEFAULT_TIME_RANGE: TimeRange = "1h";

/** The source of the dashboard's test prompts (spec §7), which Prompt Logs can hide. */
export const TEST_PROMPT_SOURCE = "integration-test";
export const TEST_MODELS = ["gpt-4", "gpt-3.5-turbo", "claude-3", "gemini-pro"] as const;
/** Model filter of the logs screens (docs/web.md#screens): label → model family prefix matched server-side. */
export const MODEL_FILTER_OPTIONS = [
  { value: "all", label: "All Models" },
  { value: "gpt-4", label: "GPT-4" },
  { value: "gpt-3.5", label: "GPT-3.5" },
  { value: "claude", label: "Claude" },
] as const;
/**
 * Blended price per 1,000 tokens in cents, used when a client sends tokenCount but no cost.
 * Matched by longest prefix of the model name; unknown models fall back to DEFAULT_PRICE.
 */
export const MODEL_PRICES_CENTS_PER_1K: Record<string, number> = {
  "gpt-4o-mini": 0.04,
  "gpt-4o": 0.75,
  "gpt-4-turbo": 2,
  "gpt-4.1-nano": 0.025,
  "gpt-4.1-mini": 0.1,
  "gpt-4.1": 0.5,
  "gpt-4": 4.5,
  "gpt-3.5": 0.1,
  "gpt-5-nano": 0.0225,
  "gpt-5-mini": 0.1125,
  "gpt-5": 0.5625,
  // Anthropic's published prices, mean of input and output per million tokens (Opus 4/4.1 $15/$75,
  // Opus 4.5 $5/$25, Sonnet 3.5-4.5 $3/$15, Haiku 4.5 $1/$5, Haiku 3.5 $0.80/$4, Haiku 3 $0.25/$1.25).
  "claude-opus-4-5": 1.5,
  "claude-opus-4": 4.5,
  "claude-sonnet-4": 0.9,
  "claude-haiku-4": 0.3,
  "claude-3-7-sonnet": 0.9,
  "claude-3-5-sonnet": 0.9,
  "claude-3-5-haiku": 0.24,
  "claude-3-opus": 4.5,
  "claude-3-haiku": 0.075,
  "claude-3": 0.9,
  claude: 0.9,
  // Google's published Gemini API prices (paid tier, prompts up to 200k tokens), mean of input and
  // output per million tokens: 2.5 Pro $1.25/$10, 2.5 Flash $0.30/$2.50, 2.5 Flash-Lite and 2.0 Flash
  // $0.10/$0.40, 2.0 Flash-Lite $0.075/$0.30, 1.5 Pro $1.25/$5, 1.5 Flash $0.075/$0.30.
  "gemini-2.5-pro": 0.5625,
  "gemini-2.5-flash-lite": 0.025,
  "gemini-2.5-flash": 0.14,
  "gemini-2.0-flash-lite": 0.01875,
  "gemini-2.0-flash": 0.025,
  "gemini-1.5-pro": 0.3125,
  "gemini-1.5-flash": 0.01875,
  "gemini-pro": 0.1,
  gemini: 0.1,
};
export const DEFAULT_PRICE_CENTS_PER_1K = 0.5;

// ── Limits (docs/api.md) ──────────────────────────────────────────────
export const FEED_SIZE = 10;
export const LOGS_PAGE_LIMIT = 50;
export const LOGS_MAX_LIMIT = 200;
export const RED_FLAGS_LIMIT = 100;
/** The longest search the logs list takes (the screens say so before sending a longer one). */
export const SEARCH_MAX_CHARS = 500;
/** How the logs list can be ordered (the Prompt Logs table): newest first by default. */
export const LOG_SORTS = ["time", "latency", "tokens", "cost"] as const;
export type LogSort = (typeof LOG_SORTS)[number];
export const SORT_ORDERS = ["desc", "asc"] as const;
/** A session view lists at most this many of its logs, oldest first; the totals count them all. */
export const SESSION_LOG_LIMIT = 500;
/** Analytics' top users and sessions by cost: rows by default and at most. */
export const TOP_SPENDERS_DEFAULT = 10;
export const TOP_SPENDERS_MAX = 50;
export const ALERTS_PANEL_SIZE = 5;
/** Alerts one bulk acknowledge may name: a page of the Alerts list, and within D1's 100 bound parameters. */
export const ALERTS_ACK_BATCH = 50;
/** Response header of paginated lists: how many rows match the filter across all pages. */
export const TOTAL_COUNT_HEADER = "X-Total-Count";
export const BATCH_MAX_LOGS = 500;
export const MAX_BODY_BYTES = 1024 * 1024;
export const MAX_BATCH_BODY_BYTES = 10 * 1024 * 1024;
export const MAX_TEXT_CHARS = 200_000;
/**
 * OTLP trace export (POST /api/otel/v1/traces): the body as sent is bounded by MAX_BATCH_BODY_BYTES,
 * and once gunzipped by this, so a small zip bomb is refused (413) before it fills the isolate's memory.
 */
export const OTLP_MAX_DECODED_BYTES = 16 * 1024 * 1024;
export const STATS_DEFAULT_DAYS = WEEK_DAYS;
export const MAX_RANGE_DAYS = 365;

export const REFRESH_MS = { feed: 5_000, alerts: 30_000, stats: 30_000, trends: 60_000 } as const;
export const TRUNCATE = { feed: 100, logs: 200, redFlags: 150 } as const;

// ── Plans (docs/web.md#screens) ──────────────────────────────────────────────────────
export const PLANS = {
  trial: { name: "Free Trial", priceUsd: 0, period: "14 days", promptQuota: 1_000, days: 14 },
  professional: { name: "Professional", priceUsd: 49, period: "per month", promptQuota: 50_000, days: 30 },
  enterprise: { name: "Enterprise", priceUsd: 199, period: "per month", promptQuota: null, days: 30 },
} as const;
export type PlanId = keyof typeof PLANS;
/**
 * Ingestion requests per organization per minute, by plan (a batch is one request). Enforced by the
 * Workers Rate Limiting bindings named here (wrangler.toml [[ratelimits]]); Enterprise is set high
 * enough never to throttle the benchmarks.
 */
export const INGEST_RATE_LIMITS = {
  trial: { binding: "INGEST_LIMIT_TRIAL", perMinute: 600 },
  professional: { binding: "INGEST_LIMIT_PROFESSIONAL", perMinute: 6_000 },
  enterprise: { binding: "INGEST_LIMIT_ENTERPRISE", perMinute: 120_000 },
} as const satisfies Record<PlanId, { binding: string; perMinute: number }>;
export const TRIAL_DAYS = 14;

// ── Flag feedback: operator verdicts on flags (docs/flags.md) ────────────────
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

// ── Custom metrics: bounded cost (docs/custom-metric-sql.md#bounded-cost) ────
/** Custom metrics one organization may have: bounds what the scheduled refresh runs for it. */
export const MAX_CUSTOM_METRICS_PER_ORG = 50;
/** Wall-clock time the scheduled refresh spends on one organization's metrics per run. */
export const METRIC_REFRESH_BUDGET_MS = 5_000;

// ── Sessions: revocable server-side (docs/sessions.md) ───────────────────────
/** A session unused this long ends (an open dashboard renews it through its realtime token refresh). */
export const SESSION_IDLE_TIMEOUT_SECONDS = 60 * 60 * 2;
/** No session outlives this, however active: sign in with the key again. */
export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24;
/** Last-seen time and cookie are renewed at most this often, so reads don't each cost a write. */
export const SESSION_RENEW_INTERVAL_SECONDS = 60;

// ── Scale: less work per request, bounded counts (docs/scaling.md) ───────────
/**
 * An isolate remembers a Bearer key's resolution (key → organization, role, plan) this long. The
 * cache never decides alone that a key is valid: ingestion re-reads the key row in the D1 round trip
 * it makes anyway (docs/sessions.md, "Cached credentials").
 */
export const CREDENTIAL_CACHE_TTL_MS = 10_000;
/** Keys one isolate remembers at most (oldest forgotten first). */
export const CREDENTIAL_CACHE_MAX_ENTRIES = 1_000;
/**
 * Group commit (worker/src/ingestion/committer.ts): the ingestion requests of an organization that
 * arrive while its previous write is in flight are written together in the next one. A flush takes
 * requests in arrival order up to these bounds (the first request always, so a full batch of
 * BATCH_MAX_LOGS goes alone); the rest wait for the following flush. Requests bound the context
 * read (a key re-read and an idempotency lookup each), logs and bytes the write batch.
 */
export const INGEST_FLUSH_MAX_REQUESTS = 64;
export const INGEST_FLUSH_MAX_LOGS = BATCH_MAX_LOGS;
export const INGEST_FLUSH_MAX_BYTES = 4 * 1024 * 1024;
/**
 * Under load (the committer's previous flush wrote more than one request, less than
 * INGEST_FLUSH_BUSY_MS ago) a flush starts this long after its first request arrived, unless the
 * bounds above fill first, so the requests on their way join it: a flush costs ≈ 3 D1 round trips
 * however many requests it writes, so larger groups cost less CPU a log (docs/performance.md). At
 * rest (a lone request, or one after a quiet spell) the flush starts at once: no added latency.
 */
export const INGEST_FLUSH_LINGER_MS = 10;
export const INGEST_FLUSH_BUSY_MS = 1_000;
/**
 * A committer keeps its organization's context (organization, settings, webhooks, integrations,
 * fingerprinter) between flushes this long at most. The routes that change them tell the committer
 * at once (tenancy/context-cache.ts); the bound covers writers that do not (a delivery disabling a
 * webhook that answers 410). Keys are never taken from it: each flush re-reads them.
 */
export const INGEST_CONTEXT_TTL_MS = 10_000;
/** A filtered or searched `GET /api/logs/counts` counts at most this many logs, then answers `capped`. */
export const LOG_COUNT_CAP = 10_000;

// ── Input bounds: bad input is refused before anything is written (docs/api.md#errors) ──
/**
 * Ceilings of the numbers a log carries. No real call comes near them; without them one value such
 * as `tokenCount: 1e308` is stored and turns every sum it joins (stats, cost tracking) into nonsense.
 */
export const MAX_TOKEN_COUNT = 10_000_000;
export const MAX_LATENCY_MS = 60 * 60 * 1000;
/** Cents: $10,000 for one call. */
export const MAX_ESTIMATED_COST_CENTS = 1_000_000;
/**
 * A log's `metadata`: a JSON object bounded in nesting depth (levels of objects and arrays, the root
 * being level 1), entries (keys and array items over all levels), key and string length, and size as
 * serialized JSON. Unbounded nesting stored fine and then broke serializing the answer (a 500 after
 * the write).
 */
export const METADATA_LIMITS = { depth: 8, entries: 256, keyChars: 100, stringChars: 4_000, jsonChars: 32_768 } as const;
/** Object keys refused at every level of `metadata`: they mean something to JavaScript objects. */
export const RESERVED_OBJECT_KEYS = ["__proto__", "constructor", "prototype"] as const;

// ── Detection sensitivity (docs/flags.md) ────────────────────────────────────
/** Settings → Red Flag Detection Rules: how sure the detector must be before a finding counts. */
export const DETECTION_SENSITIVITIES = ["strict", "balanced", "lenient"] as const;
export type DetectionSensitivity = (typeof DETECTION_SENSITIVITIES)[number];
export const DEFAULT_DETECTION_SENSITIVITY: DetectionSensitivity = "balanced";
/**
 * Lowest finding score (0..1) each sensitivity keeps. Learned scores are shifted so that the
 * fitted decision threshold reads 0.5, so "balanced" is the operating point the eval measures.
 */
export const SENSITIVITY_MIN_SCORE: Record<DetectionSensitivity, number> = { strict: 0.35, balanced: 0.5, lenient: 0.7 };
export const DETECTION_SENSITIVITY_LABELS: Record<DetectionSensitivity, string> = {
  strict: "Strict",
  balanced: "Balanced",
  lenient: "Lenient",
};

// ── Privacy: redaction, fingerprints, metadata retention (docs/log-flow.md) ──
/**
 * What is replaced by a typed placeholder before a log is written: nothing, credentials (rules
 * `secret.*`), or credentials and personal data (`secret.*` and `pii.*`).
 */
export const REDACTION_MODES = ["off", "credentials", "sensitive"] as const;
export type RedactionMode = (typeof REDACTION_MODES)[number];
export const DEFAULT_REDACTION_MODE: RedactionMode = "credentials";
export const REDACTION_MODE_LABELS: Record<RedactionMode, string> = {
  off: "Off: store prompts and responses as sent",
  credentials: "Credentials: redact keys, tokens and passwords",
  sensitive: "Sensitive: redact credentials and personal data",
};
/** Detector rule prefixes each mode redacts. */
export const REDACTED_RULE_PREFIXES: Record<RedactionMode, readonly string[]> = {
  off: [],
  credentials: ["secret."],
  sensitive: ["secret.", "pii."],
};
export const REDACTION_PLACEHOLDER_PREFIX = "[REDACTED:";
/** HMAC-SHA256 hex: the stored and filterable fingerprint; the screens show its first characters. */
export const FINGERPRINT_HEX_LENGTH = 64;
export const FINGERPRINT_SHORT_LENGTH = 12;
/** How long a log's metadata (model, user, tokens, cost, flag, reasons) outlives its bodies. */
export const METADATA_RETENTION_DAY_OPTIONS = [30, 90, 365, 730] as const;
export const DEFAULT_METADATA_RETENTION_DAYS = 365;
export const CONTENT_EXPIRED_TEXT = "content expired";
/** Trigram full-text search needs 3 characters per term; shorter terms are matched by substring scan. */
export const SEARCH_TRIGRAM_MIN_CHARS = 3;

// ── Delivery claims and session purge (docs/delivery.md, docs/sessions.md) ──
/** A claim not settled this long after it was taken (its consumer died mid-send) may be taken over; sends time out long before. */
export const DELIVERY_CLAIM_STALE_MS = 5 * 60_000;
/** Settled claims outlive every queue retry of their message (the queue keeps messages at most 14 days). */
export const DELIVERY_CLAIM_KEEP_DAYS = 15;

// ── OpenAI-compatible gateway with guardrails (docs/gateway.md) ──────────────
/** Where the gateway forwards chat completions when the organization set no `gatewayUpstream`. */
export const DEFAULT_GATEWAY_UPSTREAM = "https://api.openai.com/v1";
/** Where Anthropic Messages calls go without `gatewayAnthropicUpstream` (the gateway appends `/v1/messages`). */
export const DEFAULT_ANTHROPIC_UPSTREAM = "https://api.anthropic.com";
/** Where Gemini calls go without `gatewayGeminiUpstream` (the gateway appends `/v1beta/models/…`). */
export const DEFAULT_GEMINI_UPSTREAM = "https://generativelanguage.googleapis.com";
/**
 * Settings → `gatewayBlock`: the lowest flag at which the gateway refuses a prompt before the
 * provider sees it (`off` never refuses; `warning` refuses warning and critical).
 */
export const GATEWAY_BLOCK_LEVELS = ["off", "critical", "warning"] as const;
export type GatewayBlockLevel = (typeof GATEWAY_BLOCK_LEVELS)[number];
export const DEFAULT_GATEWAY_BLOCK: GatewayBlockLevel = "off";
export const GATEWAY_BLOCK_LABELS: Record<GatewayBlockLevel, string> = {
  off: "Off: log every prompt, block none",
  critical: "Critical: block prompts flagged critical",
  warning: "Warning: block prompts flagged warning or critical",
};
/** Flags each level blocks. */
export const GATEWAY_BLOCKED_FLAGS: Record<GatewayBlockLevel, readonly FlagStatus[]> = {
  off: [],
  critical: ["critical"],
  warning: ["warning", "critical"],
};
/** Our key on gateway calls (the caller's `Authorization` belongs to the provider). */
export const GATEWAY_KEY_HEADER = "X-PromptSentry-Key";
/** Per-request override of the organization's upstream base URL. */
export const GATEWAY_UPSTREAM_HEADER = "X-PromptSentry-Upstream";
/** The `source` of logs the gateway stores. */
export const GATEWAY_SOURCE = "gateway";
/** Badge text of a log the gateway refused to forward. */
export const BLOCKED_LABEL = "Blocked";
/** The OpenAI-style error code of a refused prompt. */
export const GATEWAY_FLAGGED_CODE = "content_flagged";
/**
 * Bytes of one provider answer the gateway's log reads (docs/gateway.md#limits). The client gets the
 * whole answer as it arrives; the log stops reading here and is stored marked `truncated`, so an
 * answer of any size holds at most this much (plus its parse) in the isolate. 2 MiB covers a JSON
 * answer whose text fills MAX_TEXT_CHARS in any script, and a stream of about 9,000 tokens' chunks.
 */
export const GATEWAY_LOG_MAX_BYTES = 2 * 1024 * 1024;
/**
 * How long the gateway waits for the provider's response headers (a non-streamed answer's headers
 * come when the whole answer is written, so this bounds its generation too) before answering 504
 * `upstream_timeout`. The binding of the same name overrides it (tests set it small).
 */
export const GATEWAY_HEADERS_TIMEOUT_MS = 300_000;
/**
 * Longest silence between two reads of the provider's body: past it the answer is ended (a stream
 * with an error event) and logged as far as it came. Overridable by the binding of the same name.
 */
export const GATEWAY_IDLE_TIMEOUT_MS = 120_000;
/** The Prompt Logs screen's blocked filter (GET /api/logs?blocked=). */
export const BLOCKED_FILTER_OPTIONS = [
  { value: "all", label: "All Logs" },
  { value: "true", label: "Blocked" },
  { value: "false", label: "Not Blocked" },
] as const;

/**
 * The search index gives each organization a block of rowids: in prompt_logs_search (migration 0015)
 * FTS rowid = (tenant_no << TENANT_SHIFT) + TENANT_TOP - prompt_logs.rowid, so a block reads newest
 * first in ascending order (worker/src/queries/search.ts); in prompt_logs_fts (migration 0010, read
 * until the rebuild completes) it was (tenant_no << TENANT_SHIFT) + prompt_logs.rowid. prompt_logs
 * rowids stay below 2^40 (about 10^12 logs).
 */
export const TENANT_SHIFT = 40;
/** The highest offset within a tenant's block of the search index, 2^40 - 1. */
export const TENANT_TOP = 2 ** TENANT_SHIFT - 1;

/**
 * Indexing of logs stored before the current search index (worker/src/schedules/search-backfill.ts):
 * rowids per transaction (about a second of trigram indexing for logs of 1–2 KB), and how long one
 * minute's run keeps going over all data shards.
 */
export const SEARCH_BACKFILL_CHUNK_ROWIDS = 2_000;
export const SEARCH_BACKFILL_BUDGET_MS = 20_000;
/** How long one minute's run copies stored logs into log_facts (migration 0014), after the search backfill, in chunks of the same size. */
export const LOG_FACTS_BACKFILL_BUDGET_MS = 10_000;

// ── Audit log ───────────────────────────────────────────────────────────────
/**
 * What the audit log records (GET /api/audit, docs/api.md): each change to an organization's policy or
 * access, as `<entity>.<verb>`. A record lives in the database that holds what it records, written in
 * the same batch (worker/src/queries/audit.ts): flag feedback in the tenant's data shard, the rest in
 * the control database.
 */
export const AUDIT_ENTITY_TYPES = ["settings", "api_key", "member", "webhook", "integration", "feedback", "data"] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];
/** Entity types recorded in the data shard (beside the logs they judge); every other type is in the control database. */
export const AUDIT_SHARD_ENTITY_TYPES: readonly AuditEntityType[] = ["feedback"];
export const AUDIT_ACTIONS = [
  "settings.update",
  "api_key.create",
  "api_key.rotate",
  "api_key.revoke",
  "member.invite",
  "member.role_change",
  "member.remove",
  "webhook.create",
  "webhook.update",
  "webhook.delete",
  "integration.create",
  "integration.update",
  "integration.delete",
  "feedback.set",
  "feedback.delete",
  "data.delete",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ENTITY_LABELS: Record<AuditEntityType, string> = {
  settings: "Settings",
  api_key: "API key",
  member: "Team member",
  webhook: "Webhook",
  integration: "Integration",
  feedback: "Flag feedback",
  data: "All data",
};
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "settings.update": "Changed settings",
  "api_key.create": "Created API key",
  "api_key.rotate": "Rotated API key",
  "api_key.revoke": "Revoked API key",
  "member.invite": "Invited member",
  "member.role_change": "Changed role",
  "member.remove": "Removed member",
  "webhook.create": "Created webhook",
  "webhook.update": "Changed webhook",
  "webhook.delete": "Deleted webhook",
  "integration.create": "Added integration",
  "integration.update": "Changed integration",
  "integration.delete": "Deleted integration",
  "feedback.set": "Judged a flag",
  "feedback.delete": "Removed a verdict",
  "data.delete": "Deleted all data",
};
/** Who acted: a team member (through any of their keys or sessions), or a key that belongs to no member. */
export const AUDIT_ACTOR_TYPES = ["member", "key"] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];
/** Stands in for a secret (a webhook's signing secret, an integration's token) in a record's old and new values. */
export const AUDIT_SECRET = "[secret]";
