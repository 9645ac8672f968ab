// Privacy (docs/log-flow.md, the redaction step): what is redacted before a log is written, and how long a log's metadata is
// kept after its prompt and response are purged. Part of the settings form (one Save).
import {
  METADATA_RETENTION_DAY_OPTIONS,
  REDACTION_MODE_LABELS,
  REDACTION_MODES,
  type RedactionMode,
} from "@promptsentry/schema/constants/privacy";
import { FieldError } from "../../components/form";
import { LockIcon } from "../../components/icons";
import { Select } from "../../components/Select";
import { Panel } from "../../components/ui";
import type { SettingsDraft } from "./draft";

const REDACTION_OPTIONS = REDACTION_MODES.map((m) => ({ value: m, label: REDACTION_MODE_LABELS[m] }));
const METADATA_OPTIONS = METADATA_RETENTION_DAY_OPTIONS.map((d) => ({ value: String(d), label: `${d} days` }));

type Props = {
  draft: Pick<SettingsDraft, "redaction" | "metadataRetentionDays">;
  errors: Partial<Record<string, string>>;
  disabled: boolean;
  onChange: (patch: Partial<Pick<SettingsDraft, "redaction" | "metadataRetentionDays">>) => void;
};

export function PrivacySettings({ draft, errors, disabled, onChange }: Props) {
  return (
    <Panel title="Privacy" icon={<LockIcon className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />}>
      <fieldset disabled={disabled} className="space-y-4">
        <div>
          <Select<RedactionMode>
            label="Redaction"
            value={draft.redaction}
            options={REDACTION_OPTIONS}
            onChange={(v) => onChange({ redaction: v })}
          />
          <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
            Detected values are replaced by a placeholder such as [REDACTED:aws_access_key] before a log is stored, searched, exported or
            sent anywhere. Each keeps a fingerprint, so you can see where the same value appeared without storing it.
          </p>
          <FieldError>{errors.redaction}</FieldError>
        </div>
        <div>
          <Select
            label="Keep Metadata For"
            value={draft.metadataRetentionDays}
            options={METADATA_OPTIONS}
            onChange={(v) => onChange({ metadataRetentionDays: v })}
          />
          <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
            Model, user, session, tokens, cost, latency and flags of a log are kept this long; its prompt and response go at Data Retention.
          </p>
          <FieldError>{errors.metadataRetentionDays}</FieldError>
        </div>
      </fieldset>
    </Panel>
  );
}
