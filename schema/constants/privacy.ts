// Privacy: redaction, fingerprints and how long bodies and metadata are kept (docs/log-flow.md).

export const RETENTION_DAY_OPTIONS = [7, 30, 90, 365] as const;
export const DEFAULT_RETENTION_DAYS = 30;

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
