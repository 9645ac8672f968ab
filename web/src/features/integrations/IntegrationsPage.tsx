// Integrations (docs/web.md, schema/requests/; docs/delivery.md): grid of cards, add dialog with per-type fields, active
// switch, delete with confirmation. Alert notifications go to each active integration.
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { INTEGRATION_TYPES, type IntegrationType } from "@promptsentry/schema/constants/delivery";
import { integrationBody } from "@promptsentry/schema/requests/integrations";
import {
  createIntegration,
  deleteIntegration,
  integrationKeys,
  integrationsQueryOptions,
  updateIntegration,
  type Integration,
} from "../../api/integrations";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { FieldError, FormActions, TextField, useFormFields } from "../../components/form";
import { GridIcon, LinkIcon, MailIcon, MessageIcon, TrashIcon } from "../../components/icons";
import { Modal } from "../../components/Modal";
import { Select } from "../../components/Select";
import { SwitchControl } from "../../components/Toggle";
import { Badge, Button, Card, PageHeading } from "../../components/ui";
import { usePermissions } from "../../lib/permissions";
import { AddButton, AdminListBody, EmptyCard, formatDate } from "../manage/common";
import { useActiveToggle, useConfirmDelete, useFormMutation } from "../manage/mutations";
import { TYPE_LABELS, fieldsFor, integrationPayload, integrationTarget, typeLabel } from "./payload";

const TYPE_OPTIONS = INTEGRATION_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }));

const TYPE_STYLE: Record<string, string> = {
  slack: "bg-purple-100 text-purple-700 dark:bg-purple-500/15 dark:text-purple-300",
  discord: "bg-indigo-100 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300",
  email: "bg-sky-100 text-sky-700 dark:bg-sky-500/15 dark:text-sky-300",
  webhook: "bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300",
};

function TypeIcon({ type }: { type: string }) {
  const Icon = type === "email" ? MailIcon : type === "webhook" ? LinkIcon : MessageIcon;
  return (
    <span
      className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-lg ${TYPE_STYLE[type] ?? "bg-gray-100 text-gray-600 dark:bg-gray-800 dark:text-gray-300"}`}
    >
      <Icon className="h-5 w-5" />
    </span>
  );
}

function AddIntegrationForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [type, setType] = useState<IntegrationType>("slack");
  const fields = fieldsFor(type);
  const {
    mutation: create,
    errors,
    setErrors,
    submit: send,
  } = useFormMutation({
    mutationFn: createIntegration,
    queryKeys: [integrationKeys.all],
    success: "Integration created successfully",
    failure: "Failed to create integration",
    onDone,
  });
  const { values, field } = useFormFields({ name: "", webhookUrl: "", email: "", channel: "" }, errors);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const payload = integrationPayload({ ...values, type });
    send(integrationBody, payload, () => ({ ...payload, name: payload.name.trim() }));
  };
  const urlPlaceholder =
    type === "slack"
      ? "https://hooks.slack.com/services/…"
      : type === "discord"
        ? "https://discord.com/api/webhooks/…"
        : "https://example.com/alerts";
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Name" placeholder="On-call channel" {...field("name")} autoFocus />
      <Select
        label="Type"
        value={type}
        options={TYPE_OPTIONS}
        onChange={(t) => {
          setType(t);
          setErrors({});
        }}
      />
      {fields.webhookUrl ? (
        <TextField
          label="Webhook URL"
          type="url"
          inputMode="url"
          placeholder={urlPlaceholder}
          {...field("webhookUrl")}
          name="webhook_url"
          error={errors["config.webhook_url"] ?? errors["config.url"]}
        />
      ) : null}
      {fields.email ? (
        <TextField label="Email" type="email" placeholder="oncall@example.com" {...field("email")} error={errors["config.email"]} />
      ) : null}
      {fields.channel ? (
        <TextField label="Channel (optional)" placeholder="#ai-alerts" {...field("channel")} error={errors["config.channel"]} />
      ) : null}
      <FieldError>{errors.form ?? errors.type ?? errors.config}</FieldError>
      <FormActions onCancel={onCancel} pending={create.isPending} label="Add Integration" pendingLabel="Adding..." />
    </form>
  );
}

function IntegrationCard({ integration, onDelete }: { integration: Integration; onDelete: () => void }) {
  const toggle = useActiveToggle<Integration>({
    id: integration.id,
    update: (active) => updateIntegration(integration.id, { active }),
    queryKey: integrationKeys.all,
    success: "Integration updated successfully",
    failure: "Failed to update integration",
  });
  const c = integration.config;
  return (
    <Card className="flex h-full flex-col p-5" aria-label={`Integration ${integration.name}`} data-testid="integration-card">
      <div className="flex items-start gap-3">
        <TypeIcon type={integration.type} />
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-base font-semibold text-gray-900 dark:text-white">{integration.name}</h3>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            <Badge>{typeLabel(integration.type)}</Badge>
            {integration.active ? (
              <Badge className="bg-green-100 text-green-800 ring-green-600/20 dark:bg-green-500/15 dark:text-green-300">Active</Badge>
            ) : (
              <Badge>Inactive</Badge>
            )}
          </div>
        </div>
        <SwitchControl
          label={`Active: ${integration.name}`}
          checked={integration.active}
          disabled={toggle.isPending}
          onChange={(v) => toggle.mutate(v)}
        />
      </div>
      <dl className="mt-4 flex-1 space-y-2 text-sm">
        <div>
          <dt className="text-xs font-medium text-gray-500 dark:text-gray-400">{integration.type === "email" ? "Email" : "Webhook URL"}</dt>
          <dd className="font-mono text-xs break-all text-gray-700 dark:text-gray-300">{integrationTarget(integration)}</dd>
        </div>
        {c.channel ? (
          <div>
            <dt className="text-xs font-medium text-gray-500 dark:text-gray-400">Channel</dt>
            <dd className="text-gray-700 dark:text-gray-300">{c.channel}</dd>
          </div>
        ) : null}
        {c.api_key ? (
          <div>
            <dt className="text-xs font-medium text-gray-500 dark:text-gray-400">API key</dt>
            <dd className="font-mono text-xs text-gray-700 dark:text-gray-300">{c.api_key}</dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-4 flex items-center justify-between gap-2 border-t border-gray-100 pt-3 dark:border-gray-800">
        <p className="text-xs text-gray-500 dark:text-gray-400">
          Added <time dateTime={integration.createdAt}>{formatDate(integration.createdAt)}</time>
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={onDelete}
          aria-label={`Delete integration ${integration.name}`}
          title="Delete integration"
        >
          <TrashIcon className="h-4 w-4 text-red-600 dark:text-red-400" />
        </Button>
      </div>
    </Card>
  );
}

export function IntegrationsPage() {
  const { isAdmin } = usePermissions();
  const q = useQuery({ ...integrationsQueryOptions(), enabled: isAdmin });
  const [adding, setAdding] = useState(false);
  const deleting = useConfirmDelete<Integration>({
    deleteFn: deleteIntegration,
    queryKeys: [integrationKeys.all],
    success: "Integration deleted successfully",
    failure: "Failed to delete integration",
  });
  const addButton = (label: string) => <AddButton label={label} onClick={() => setAdding(true)} />;

  const body = (
    <AdminListBody
      what="integrations"
      query={q}
      loadingText="Loading integrations..."
      errorTitle="Failed to fetch integrations"
      empty={
        <EmptyCard
          icon={<GridIcon className="h-6 w-6" />}
          title="No integrations configured"
          description="Send alert notifications to Slack, Discord, e-mail or your own endpoint."
          action={addButton("Add Your First Integration")}
        />
      }
      listLabel="Integrations list"
      listClassName="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
    >
      {(i) => <IntegrationCard integration={i} onDelete={() => deleting.ask(i)} />}
    </AdminListBody>
  );

  return (
    <div className="space-y-6">
      <PageHeading
        title="Integrations"
        description="Connect the tools your team already uses. Active integrations receive a notification whenever an alert fires."
        action={isAdmin && q.data && q.data.length > 0 ? addButton("Add Integration") : null}
      />

      {body}

      <Modal open={adding} onClose={() => setAdding(false)} title="Add Integration" size="lg">
        <AddIntegrationForm onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />
      </Modal>
      <ConfirmDialog {...deleting.dialog} title="Delete integration" confirmLabel="Delete" pendingLabel="Deleting...">
        Delete <strong className="text-gray-900 dark:text-white">{deleting.shown?.name}</strong>? Alerts will no longer be sent there. This
        cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
