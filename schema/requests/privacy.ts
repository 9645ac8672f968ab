// Privacy settings (redaction mode, metadata retention) and the fingerprint filter (docs/log-flow.md).
import * as v from "valibot";
import { FINGERPRINT_HEX_LENGTH, METADATA_RETENTION_DAY_OPTIONS, REDACTION_MODES } from "../constants/privacy";

export const REDACTION_MESSAGES = {
  redaction: `Redaction must be one of ${REDACTION_MODES.join(", ")}`,
  metadataRetention: `Metadata retention must be one of ${METADATA_RETENTION_DAY_OPTIONS.join(", ")} days`,
  metadataBelowBodies: "Metadata retention must be at least the log retention",
  fingerprint: `fingerprint must be ${FINGERPRINT_HEX_LENGTH} hexadecimal characters`,
} as const;
export const privacySettingsEntries = {
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
