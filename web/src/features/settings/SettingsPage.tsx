// Settings (docs/web.md, schema/constants/; docs/api.md): every section loaded from GET /api/settings and saved
// with one PUT; API key rotation with a one-time display; Danger Zone deletion of all data.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useBlocker } from "@tanstack/react-router";
import { useState, type FormEvent, type ReactNode } from "react";
import { DETECTION_SENSITIVITIES, DETECTION_SENSITIVITY_LABELS, type DetectionSensitivity } from "@promptsentry/schema/constants/detection";
import { FLAG_REASON_LABELS, FLAG_RULE_KEYS, FLAG_RULE_REASON, type FlagRuleKey } from "@promptsentry/schema/constants/flags";
import { RETENTION_DAY_OPTIONS } from "@promptsentry/schema/constants/privacy";
import { settingsBody, type SettingsInput } from "@promptsentry/schema/requests/settings";
import { apiKeyKeys } from "../../api/apiKeys";
import { errorText } from "../../api/client";
import { organizationKey } from "../../api/organization";
import { deleteAllData, rotateApiKey, settingsKey, settingsQueryOptions, updateSettings } from "../../api/settings";
import type { Settings } from "../../api/types";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { CopyButton } from "../../components/CopyButton";
import { FieldError, TextField } from "../../components/form";
import { AlertTriangleIcon, BellIcon, EyeIcon, EyeOffIcon, FlagIcon, KeyIcon, RefreshIcon, SlidersIcon } from "../../components/icons";
import { Modal } from "../../components/Modal";
import { OneTimeSecret } from "../../components/OneTimeSecret";
import { Select } from "../../components/Select";
import { toast } from "../../components/toast";
import { Toggle } from "../../components/Toggle";
import { Button, Card, ErrorState, Panel, inputClass, labelClass } from "../../components/ui";
import { serverErrors } from "../../lib/form";
import { usePermissions } from "../../lib/permissions";
import { LoadingText } from "../manage/common";
import { useFormMutation } from "../manage/mutations";
import { isDirty, keyFieldValue, toBody, toDraft, type SettingsDraft } from "./draft";
import { GatewaySettings } from "./GatewaySettings";
import { PrivacySettings } from "./PrivacySettings";

const RETENTION_OPTIONS = RETENTION_DAY_OPTIONS.map((d) => ({ value: String(d), label: `${d} days` }));
const SENSITIVITY_OPTIONS = DETECTION_SENSITIVITIES.map((s) => ({ value: s, label: DETECTION_SENSITIVITY_LABELS[s] }));
const SENSITIVITY_HINTS: Record<DetectionSensitivity, string> = {
  strict: "Flags more: also findings the detector is less sure of.",
  balanced: "Flags findings the detector is reasonably sure of.",
  lenient: "Flags fewer: only findings the detector is very sure of.",
};

const RULE_DESCRIPTIONS: Record<FlagRuleKey, string> = {
  promptInjection: "Instructions that try to override the model's own",
  jailbreakAttempts: "Attempts to talk the model out of its safety rules",
  sensitiveContent: "Personal data and credentials in prompts or responses",
  highTokenUsage: "Prompts above the token threshold below",
};

const iconClass = "h-5 w-5 text-indigo-600 dark:text-indigo-400";

function ApiConfiguration({ settings, canEdit }: { settings: Settings; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [visible, setVisible] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [newKey, setNewKey] = useState<string | null>(null);
  const rotate = useMutation({
    mutationFn: rotateApiKey,
    onSuccess: (r) => {
      setConfirming(false);
      setNewKey(r.apiKey);
      setVisible(true);
      queryClient.setQueryData<Settings>(settingsKey, (s) => (s ? { ...s, apiKeyPrefix: r.keyPrefix } : s));
      void queryClient.invalidateQueries({ queryKey: organizationKey });
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
      toast({
        title: "API key regenerated",
        description: "A new API key has been generated. Update your integrations.",
        variant: "destructive",
      });
    },
    onError: (e) => toast({ title: "Failed to regenerate API key", description: errorText(e), variant: "destructive" }),
  });
  const value = keyFieldValue(settings.apiKeyPrefix, visible, newKey);
  return (
    <Panel title="API Configuration" icon={<KeyIcon className={iconClass} />}>
      <div className="space-y-4">
        <div>
          <label htmlFor="settings-api-key" className={labelClass}>
            API Key
          </label>
          <div className="mt-1 flex flex-wrap gap-2 sm:flex-nowrap">
            <input id="settings-api-key" readOnly value={value} className={`${inputClass} font-mono`} data-testid="settings-api-key" />
            <Button
              variant="secondary"
              onClick={() => setVisible((v) => !v)}
              aria-label={visible ? "Hide API key" : "Show API key"}
              title={visible ? "Hide API key" : "Show API key"}
            >
              {visible ? <EyeOffIcon className="h-4 w-4" /> : <EyeIcon className="h-4 w-4" />}
            </Button>
            <CopyButton text={newKey ?? settings.apiKeyPrefix} toastTitle="API key copied" ariaLabel="Copy API key" hideText size="md" />
            {canEdit ? (
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                <RefreshIcon className="h-4 w-4" />
                Regenerate
              </Button>
            ) : null}
          </div>
          <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
            {newKey
              ? "This is your new key in full. It will not be shown again once you leave this page."
              : "Only the first characters of your key are stored for display; the full key was shown once, when it was created."}
          </p>
        </div>
        {newKey ? (
          <OneTimeSecret title="Your new API key" value={newKey} copyToast="API key copied" onDismiss={() => setNewKey(null)} />
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Regenerate API key?"
        confirmLabel="Regenerate"
        pendingLabel="Regenerating..."
        pending={rotate.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => rotate.mutate()}
      >
        The key you are signed in with (<span className="font-mono">{settings.apiKeyPrefix}…</span>) stops working immediately and a new one
        is generated. Every application and integration using it must be updated. This session stays signed in.
      </ConfirmDialog>
    </Panel>
  );
}

function DeleteDataDialog({ open, onClose, organizationName }: { open: boolean; onClose: () => void; organizationName: string }) {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | undefined>();
  const remove = useMutation({
    mutationFn: () => deleteAllData(typed),
    onSuccess: () => {
      toast({ title: "All data deleted", description: "Prompt logs, alerts, anomalies and analytics have been permanently deleted." });
      // Everything derived from logs is gone: refetch every screen's data (the organization stays).
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== organizationKey[0] });
      setTyped("");
      onClose();
    },
    onError: (e) => {
      setError(serverErrors(e)?.confirm);
      toast({ title: "Failed to delete data", description: errorText(e), variant: "destructive" });
    },
  });
  const matches = typed.trim() === organizationName;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!matches) return setError("Type the organization name exactly to confirm");
    remove.mutate();
  };
  return (
    <Modal open={open} onClose={onClose} title="Delete all data">
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="flex gap-3 rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-300">
          <AlertTriangleIcon className="h-5 w-5 shrink-0" />
          <p>
            This permanently deletes every prompt log, alert, anomaly, webhook delivery and analytics figure of your organization. API keys,
            team members, webhooks, integrations and settings are kept. This cannot be undone.
          </p>
        </div>
        <TextField
          label={`Type "${organizationName}" to confirm`}
          name="confirm"
          autoComplete="off"
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setError(undefined);
          }}
          error={error}
          autoFocus
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!matches || remove.isPending}>
            {remove.isPending ? "Deleting..." : "Delete All Data"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Panel title={title} icon={icon}>
      <div className="space-y-4">{children}</div>
    </Panel>
  );
}

function SettingsForm({ settings, canEdit }: { settings: Settings; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SettingsDraft>(() => toDraft(settings));
  const [deleting, setDeleting] = useState(false);
  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setRule = (key: FlagRuleKey, value: boolean) => setDraft((d) => ({ ...d, flagRules: { ...d.flagRules, [key]: value } }));
  const {
    mutation: save,
    errors,
    setErrors,
    submit: send,
  } = useFormMutation({
    mutationFn: (body: SettingsInput) => updateSettings(body as Parameters<typeof updateSettings>[0]),
    queryKeys: [],
    success: () => ({ title: "Settings saved", description: "Your settings have been updated successfully." }),
    failure: "Failed to save settings",
    onDone: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      setDraft(toDraft(saved));
      if (saved.organizationName !== settings.organizationName) void queryClient.invalidateQueries({ queryKey: organizationKey });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(settingsBody, toBody(draft), (values) => values);
  };
  const dirty = isDirty(draft, settings);
  const ro = !canEdit;
  // Leaving with unsaved edits asks first: in the app (a dialog) and when the tab closes or reloads (the browser's own prompt).
  const leaving = useBlocker({
    shouldBlockFn: () => canEdit && dirty && !save.isPending,
    enableBeforeUnload: canEdit && dirty,
    withResolver: true,
  });
  return (
    <div className="space-y-6">
      <form onSubmit={submit} noValidate className="space-y-6">
        {canEdit ? (
          <p className="flex justify-end text-sm">
            <Link to="/settings/audit" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
              Audit log: who changed what, and when
            </Link>
          </p>
        ) : null}
        {ro ? (
          <p
            className="rounded-lg border border-gray-200 bg-gray-50 px-4 py-3 text-sm text-gray-600 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-300"
            role="note"
          >
            You are viewing settings read-only. Only admins can change them.
          </p>
        ) : null}
        <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
          <Section title="Organization Settings" icon={<SlidersIcon className={iconClass} />}>
            <TextField
              label="Organization Name"
              name="organizationName"
              value={draft.organizationName}
              onChange={(e) => set("organizationName", e.target.value)}
              error={errors.organizationName}
              disabled={ro}
            />
            <div>
              <fieldset disabled={ro}>
                <Select
                  label="Data Retention"
                  value={draft.retentionDays}
                  options={RETENTION_OPTIONS}
                  onChange={(v) => set("retentionDays", v)}
                />
              </fieldset>
              <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
                Prompts and responses older than this are deleted automatically; metadata and daily analytics are kept.
              </p>
              <FieldError>{errors.retentionDays}</FieldError>
            </div>
          </Section>

          <ApiConfiguration settings={settings} canEdit={canEdit} />

          <PrivacySettings draft={draft} errors={errors} disabled={ro} onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))} />

          <GatewaySettings draft={draft} errors={errors} disabled={ro} onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))} />

          <Section title="Alert Settings" icon={<BellIcon className={iconClass} />}>
            <Toggle
              label="Email Alerts"
              description="Send alerts by e-mail"
              checked={draft.emailAlerts}
              onChange={(v) => set("emailAlerts", v)}
              disabled={ro}
            />
            <Toggle
              label="Slack Notifications"
              description="Post alerts to your Slack integrations"
              checked={draft.slackNotifications}
              onChange={(v) => set("slackNotifications", v)}
              disabled={ro}
            />
            <Toggle
              label="Critical Only"
              description="Alert only on critical flags (warnings are still logged)"
              checked={draft.criticalOnly}
              onChange={(v) => set("criticalOnly", v)}
              disabled={ro}
            />
            <TextField
              label="Alert Webhook URL (optional)"
              name="webhookUrl"
              type="url"
              placeholder="https://example.com/alerts"
              value={draft.webhookUrl}
              onChange={(e) => set("webhookUrl", e.target.value)}
              error={errors.webhookUrl}
              disabled={ro}
            />
          </Section>

          <Section title="Red Flag Detection Rules" icon={<FlagIcon className={iconClass} />}>
            {FLAG_RULE_KEYS.map((k) => (
              <Toggle
                key={k}
                label={FLAG_REASON_LABELS[FLAG_RULE_REASON[k]]}
                description={RULE_DESCRIPTIONS[k]}
                checked={draft.flagRules[k]}
                onChange={(v) => setRule(k, v)}
                disabled={ro}
              />
            ))}
            <TextField
              label="Token Threshold"
              name="tokenThreshold"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={draft.tokenThreshold}
              onChange={(e) => set("tokenThreshold", e.target.value)}
              error={errors.tokenThreshold}
              hint="Logs with more tokens than this are flagged as High Token Usage."
              disabled={ro}
            />
            <div>
              <fieldset disabled={ro}>
                <Select
                  label="Detection Sensitivity"
                  value={draft.sensitivity}
                  options={SENSITIVITY_OPTIONS}
                  onChange={(v) => set("sensitivity", v)}
                />
              </fieldset>
              <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
                {SENSITIVITY_HINTS[draft.sensitivity]} Applies to logs received from now on.
              </p>
              <FieldError>{errors.sensitivity}</FieldError>
            </div>
          </Section>
        </div>

        {canEdit ? (
          <div className="flex flex-wrap items-center justify-end gap-3">
            {dirty ? <span className="text-sm text-gray-500 dark:text-gray-400">You have unsaved changes.</span> : null}
            <Button
              variant="secondary"
              onClick={() => {
                setDraft(toDraft(settings));
                setErrors({});
              }}
              disabled={!dirty || save.isPending}
            >
              Discard
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save Settings"}
            </Button>
          </div>
        ) : null}
      </form>

      <Card className="border-red-200 p-5 dark:border-red-500/30" aria-labelledby="danger-zone">
        <h2 id="danger-zone" className="flex items-center gap-2 text-base font-semibold text-red-700 dark:text-red-400">
          <AlertTriangleIcon className="h-5 w-5" />
          Danger Zone
        </h2>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-4">
          <div>
            <p className="text-sm font-medium text-gray-900 dark:text-white">Delete All Data</p>
            <p className="text-sm text-gray-500 dark:text-gray-400">
              Permanently delete every prompt log, alert and analytics figure of this organization.
            </p>
          </div>
          <Button variant="danger" onClick={() => setDeleting(true)} disabled={ro}>
            Delete All Data
          </Button>
        </div>
      </Card>
      <DeleteDataDialog open={deleting} onClose={() => setDeleting(false)} organizationName={settings.organizationName} />
      <ConfirmDialog
        open={leaving.status === "blocked"}
        title="Leave without saving?"
        confirmLabel="Leave"
        onConfirm={() => leaving.proceed?.()}
        onClose={() => leaving.reset?.()}
      >
        You have unsaved changes to the settings. If you leave now, they are lost.
      </ConfirmDialog>
    </div>
  );
}

export function SettingsPage() {
  const { isAdmin } = usePermissions();
  const q = useQuery(settingsQueryOptions());
  if (q.isPending) return <LoadingText>Loading settings...</LoadingText>;
  if (q.isError)
    return (
      <Card>
        <ErrorState title="Failed to fetch settings" error={q.error} onRetry={() => void q.refetch()} />
      </Card>
    );
  return <SettingsForm settings={q.data} canEdit={isAdmin} />;
}
