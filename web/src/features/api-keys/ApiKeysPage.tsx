// API Keys (docs/web.md, schema/requests/; docs/auth-and-tenancy.md): list (never the key itself), masked/short display,
// create with a one-time banner of the full key, delete with confirmation.
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { PERMISSIONS, PERMISSION_LABELS, type Permission } from "@promptsentry/schema/constants/access";
import { apiKeyBody } from "@promptsentry/schema/requests/api-keys";
import { apiKeyKeys, apiKeysQueryOptions, createApiKey, deleteApiKey, type ApiKeyInfo } from "../../api/apiKeys";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { CheckboxGroup, FieldError, FormActions, TextField, useFormFields } from "../../components/form";
import { KeyIcon, TrashIcon } from "../../components/icons";
import { Modal } from "../../components/Modal";
import { OneTimeSecret } from "../../components/OneTimeSecret";
import { SwitchControl } from "../../components/Toggle";
import { Badge, Button, Card, PageHeading, cx } from "../../components/ui";
import { usePermissions } from "../../lib/permissions";
import { useNow } from "../../lib/useNow";
import { AddButton, AdminListBody, EmptyCard, formatDate, formatShortDateTime } from "../manage/common";
import { useConfirmDelete, useFormMutation } from "../manage/mutations";
import { lastActiveText } from "../team/team";
import { expiryToIso, isExpired, maskedKey, permissionLabel, shortKey, todayInput } from "./keys";

const PERMISSION_OPTIONS = PERMISSIONS.map((value) => ({ value, label: PERMISSION_LABELS[value], description: value }));

function CreateApiKeyForm({ onCreated, onCancel }: { onCreated: (r: { name: string; keyValue: string }) => void; onCancel: () => void }) {
  const [permissions, setPermissions] = useState<Permission[]>(["logs:read", "logs:write"]);
  const {
    mutation: create,
    errors,
    submit: send,
  } = useFormMutation({
    mutationFn: createApiKey,
    queryKeys: [apiKeyKeys.all],
    success: "API key created successfully",
    failure: "Failed to create API key",
    onDone: (key) => onCreated({ name: key.name, keyValue: key.keyValue }),
  });
  const { values, field } = useFormFields({ name: "", expiresAt: "" }, errors);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const expiresAt = expiryToIso(values.expiresAt);
    const input = {
      name: values.name,
      permissions: PERMISSIONS.filter((p) => permissions.includes(p)),
      ...(expiresAt ? { expiresAt } : {}),
    };
    send(apiKeyBody, input, (parsed) => ({ name: parsed.name, permissions: parsed.permissions, ...(expiresAt ? { expiresAt } : {}) }));
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Name" placeholder="Production backend" {...field("name")} autoFocus />
      <CheckboxGroup
        legend="Permissions"
        options={PERMISSION_OPTIONS}
        value={permissions}
        onChange={setPermissions}
        error={errors.permissions}
      />
      <TextField
        label="Expires on (optional)"
        type="date"
        min={todayInput()}
        {...field("expiresAt")}
        hint="Leave empty for a key that does not expire. The key stops working at the end of that day."
      />
      <FieldError>{errors.form}</FieldError>
      <FormActions onCancel={onCancel} pending={create.isPending} label="Create API Key" pendingLabel="Creating..." />
    </form>
  );
}

function Meta({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div>
      <dt className="text-xs font-medium text-gray-500 dark:text-gray-400">{label}</dt>
      <dd className={cx("mt-0.5 text-sm text-gray-900 dark:text-gray-100", className)}>{children}</dd>
    </div>
  );
}

function ApiKeyCard({
  apiKey,
  masked,
  current,
  now,
  onDelete,
}: {
  apiKey: ApiKeyInfo;
  masked: boolean;
  current: boolean;
  now: number;
  onDelete: () => void;
}) {
  const expired = isExpired(apiKey, now);
  return (
    <Card
      className={cx("p-5", expired && "opacity-60")}
      aria-label={`API key ${apiKey.name}`}
      data-testid="api-key-card"
      data-expired={expired ? "true" : undefined}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-semibold text-gray-900 dark:text-white">{apiKey.name}</h3>
            {expired ? (
              <Badge className="bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-500/15 dark:text-red-300">Expired</Badge>
            ) : null}
            {current ? (
              <Badge className="bg-indigo-50 text-indigo-700 ring-indigo-600/20 dark:bg-indigo-500/15 dark:text-indigo-300">
                Current session
              </Badge>
            ) : null}
            {apiKey.memberId ? <Badge>Team member</Badge> : null}
          </div>
          <code className="mt-1 block font-mono text-sm break-all text-gray-600 dark:text-gray-300" data-testid="api-key-display">
            {masked ? maskedKey(apiKey.keyPrefix) : shortKey(apiKey.keyPrefix)}
          </code>
        </div>
        <Button
          variant="ghost"
          size="sm"
          onClick={onDelete}
          disabled={current}
          aria-label={`Delete API key ${apiKey.name}`}
          title={current ? "You cannot delete the key you are signed in with" : "Delete API key"}
        >
          <TrashIcon className="h-4 w-4 text-red-600 dark:text-red-400" />
        </Button>
      </div>
      <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Permissions">
        {apiKey.permissions.map((p) => (
          <li key={p}>
            <Badge className="bg-indigo-50 text-indigo-700 ring-indigo-600/20 dark:bg-indigo-500/15 dark:text-indigo-300">
              {permissionLabel(p)}
            </Badge>
          </li>
        ))}
      </ul>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Meta label="Created">{formatDate(apiKey.createdAt)}</Meta>
        <Meta label="Last used">
          {apiKey.lastUsed ? (
            <time dateTime={apiKey.lastUsed} title={formatShortDateTime(apiKey.lastUsed)}>
              {lastActiveText(apiKey.lastUsed, now)}
            </time>
          ) : (
            "Never"
          )}
        </Meta>
        <Meta label="Expires" className={expired ? "font-medium text-red-600 dark:text-red-400" : undefined}>
          {apiKey.expiresAt ? formatDate(apiKey.expiresAt) : "Never"}
        </Meta>
      </dl>
    </Card>
  );
}

export function ApiKeysPage() {
  const { isAdmin, organization } = usePermissions();
  const q = useQuery({ ...apiKeysQueryOptions(), enabled: isAdmin });
  const now = useNow(60_000);
  const [masked, setMasked] = useState(true);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; keyValue: string } | null>(null);
  const deleting = useConfirmDelete<ApiKeyInfo>({
    deleteFn: deleteApiKey,
    queryKeys: [apiKeyKeys.all],
    success: "API key deleted successfully",
    failure: "Failed to delete API key",
  });

  const createButton = (label: string) => <AddButton label={label} onClick={() => setCreating(true)} />;

  const body = (
    <AdminListBody
      what="API keys"
      query={q}
      loadingText="Loading API keys..."
      errorTitle="Failed to fetch API keys"
      empty={
        <EmptyCard
          icon={<KeyIcon className="h-6 w-6" />}
          title="No API keys yet"
          description="Create a key for each application that sends prompts, so you can revoke one without touching the others."
          action={createButton("Create Your First API Key")}
        />
      }
      listLabel="API keys list"
      listClassName="grid gap-4 lg:grid-cols-2"
    >
      {(k) => (
        <ApiKeyCard
          apiKey={k}
          masked={masked}
          now={now}
          current={k.keyPrefix === organization?.keyPrefix}
          onDelete={() => deleting.ask(k)}
        />
      )}
    </AdminListBody>
  );

  return (
    <div className="space-y-6">
      <PageHeading
        title="API Keys"
        description="Keys authenticate the SDKs and the REST API. A key is shown in full only once, when it is created."
        action={
          isAdmin ? (
            <div className="flex flex-wrap items-center gap-4">
              <div className="flex items-center gap-3">
                <span className="text-sm font-medium whitespace-nowrap text-gray-900 dark:text-gray-100" aria-hidden="true">
                  Mask keys
                </span>
                <SwitchControl label="Mask keys" checked={masked} onChange={setMasked} />
              </div>
              {q.data && q.data.length > 0 ? createButton("Create API Key") : null}
            </div>
          ) : null
        }
      />

      {created ? (
        <OneTimeSecret title={`Your new API key "${created.name}"`} value={created.keyValue} onDismiss={() => setCreated(null)} />
      ) : null}

      {body}

      <Modal open={creating} onClose={() => setCreating(false)} title="Create API Key" size="lg">
        <CreateApiKeyForm
          onCancel={() => setCreating(false)}
          onCreated={(r) => {
            setCreated(r);
            setCreating(false);
          }}
        />
      </Modal>
      <ConfirmDialog {...deleting.dialog} title="Delete API key" confirmLabel="Delete" pendingLabel="Deleting...">
        Delete <strong className="text-gray-900 dark:text-white">{deleting.shown?.name}</strong> (
        <span className="font-mono">{deleting.shown ? shortKey(deleting.shown.keyPrefix) : ""}</span>)? Applications using it will be
        rejected immediately. This cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
