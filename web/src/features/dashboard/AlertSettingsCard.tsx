// Alert Settings (docs/web.md#screens): emailAlerts, slackNotifications, criticalOnly — loaded from and saved
// to /api/settings (docs/api.md makes the spec's local-only switches real).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorText } from "../../api/client";
import { usePermissions } from "../../lib/permissions";
import { settingsKey, settingsQueryOptions, updateSettings } from "../../api/settings";
import type { Settings } from "../../api/types";
import { BellIcon } from "../../components/icons";
import { toast } from "../../components/toast";
import { Toggle } from "../../components/Toggle";
import { ErrorState, Panel, PlaceholderRows } from "../../components/ui";

type Key = "emailAlerts" | "slackNotifications" | "criticalOnly";
const SWITCHES: { key: Key; label: string; description: string }[] = [
  { key: "emailAlerts", label: "Email Alerts", description: "Send alerts by e-mail" },
  { key: "slackNotifications", label: "Slack Notifications", description: "Post alerts to Slack" },
  { key: "criticalOnly", label: "Critical Only", description: "Alert only on critical flags" },
];

export function AlertSettingsCard() {
  const queryClient = useQueryClient();
  const q = useQuery(settingsQueryOptions());
  const { isAdmin: canEdit } = usePermissions();
  const save = useMutation({
    mutationFn: (patch: Partial<Record<Key, boolean>>) => updateSettings(patch),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: settingsKey });
      const before = queryClient.getQueryData<Settings>(settingsKey);
      if (before) queryClient.setQueryData<Settings>(settingsKey, { ...before, ...patch });
      return { before };
    },
    onError: (e, _patch, ctx) => {
      if (ctx?.before) queryClient.setQueryData(settingsKey, ctx.before);
      toast({ title: "Failed to save settings", description: errorText(e), variant: "destructive" });
    },
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });

  return (
    <Panel title="Alert Settings" icon={<BellIcon className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />}>
      {q.isPending ? (
        <PlaceholderRows count={3} rowClassName="h-8" />
      ) : q.isError ? (
        <ErrorState title="Failed to fetch settings" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <div className="space-y-4">
          {SWITCHES.map((s) => (
            <Toggle
              key={s.key}
              label={s.label}
              description={s.description}
              checked={q.data[s.key]}
              disabled={!canEdit}
              onChange={(value) => save.mutate({ [s.key]: value })}
            />
          ))}
          {!canEdit ? <p className="text-xs text-gray-500 dark:text-gray-400">Only admins can change alert settings.</p> : null}
        </div>
      )}
    </Panel>
  );
}
