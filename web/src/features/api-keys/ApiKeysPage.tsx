// API Keys (spec §2, §4, §5, §8; DESIGN §3): list (never the key itself), masked/short display,
// create with a one-time banner of the full key, delete with confirmation.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { PERMISSIONS, PERMISSION_LABELS, type Permission } from "../../../../schema/constants";
import { apiKeyBody } from "../../../../schema/validation";
import { errorText } from "../../api/client";
import { apiKeyKeys, apiKeysQueryOptions, createApiKey, deleteApiKey, type ApiKeyInfo } from "../../api/apiKeys";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { CheckboxGroup, FieldError, TextField } from "../../components/form";
import { KeyIcon, TrashIcon } from "../../components/icons";
import { Modal } from "../../components/Modal";
import { OneTimeSecret } from "../../components/OneTimeSecret";
import { toast } from "../../components/toast";
import { SwitchControl } from "../../components/Toggle";
import { Badge, Button, Card, cx } from "../../components/ui";
import { serverErrors, validateForm, type FormErrors } from "../../lib/form";
import { usePermissions } from "../../lib/permissions";
import { useNow } from "../../lib/useNow";
import { AddButton, AdminListBody, EmptyCard, formatDate, formatShortDateTime, useLatest } from "../manage/common";
import { lastActiveText } from "../team/team";
import { expiryToIso, isExpired, maskedKey, permissionLabel, shortKey, todayInput } from "./keys";

const PERMISSION_OPTIONS = PERMISSIONS.map((value) => ({ value, label: PERMISSION_LABELS[value], description: value }));

function CreateApiKeyForm({ onCreated, onCancel }: { onCreated: (r: { name: string; keyValue: string }) => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [permissions, setPermissions] = useState<Permission[]>(["logs:read", "logs:write"]);
  const [expiry, setExpiry] = useState("");
  const [errors, setErrors] = useState<FormErrors>({});
  const create = useMutation({
    mutationFn: createApiKey,
    onSuccess: (key) => {
      toast({ title: "API key created successfully" });
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
      onCreated({ name: key.name, keyValue: key.keyValue });
    },
    onError: (e) => {
      setErrors(serverErrors(e) ?? {});
      toast({ title: "Failed to create API key", description: errorText(e), variant: "destructive" });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const expiresAt = expiryToIso(expiry);
    const input = { name, permissions: PERMISSIONS.filter((p) => permissions.includes(p)), ...(expiresAt ? { expiresAt } : {}) };
    const [values, errs] = validateForm(apiKeyBody, input);
    if (errs) return setErrors(errs);
    setErrors({});
    create.mutate({ name: values.name, permissions: values.permissions, ...(expiresAt ? { expiresAt } : {}) });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Name" name="name" placeholder="Production backend" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} autoFocus />
      <CheckboxGroup legend="Permissions" options={PERMISSION_OPTIONS} value={permissions} onChange={setPermissions} error={errors.permissions} />
      <TextField
        label="Expires on (optional)"
        name="expiresAt"
        type="date"
        min={todayInput()}
        value={expiry}
        onChange={(e) => setExpiry(e.target.value)}
        error={errors.expiresAt}
        hint="Leave empty for a key that does not expire. The key stops working at the end of that day."
      />
      <FieldError>{errors.form}</FieldError>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating..." : "Create API Key"}
        </Button>
      </div>
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
    <Card className={cx("p-5", expired && "opacity-60")} aria-label={`API key ${apiKey.name}`} data-testid="api-key-card" data-expired={expired ? "true" : undefined}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-semibold text-gray-900 dark:text-white">{apiKey.name}</h3>
            {expired ? <Badge className="bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-500/15 dark:text-red-300">Expired</Badge> : null}
            {current ? <Badge className="bg-indigo-50 text-indigo-700 ring-indigo-600/20 dark:bg-indigo-500/15 dark:text-indigo-300">Current session</Badge> : null}
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
            <Badge className="bg-indigo-50 text-indigo-700 ring-indigo-600/20 dark:bg-indigo-500/15 dark:text-indigo-300">{permissionLabel(p)}</Badge>
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
  const queryClient = useQueryClient();
  const q = useQuery({ ...apiKeysQueryOptions(), enabled: isAdmin });
  const now = useNow(60_000);
  const [masked, setMasked] = useState(true);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; keyValue: string } | null>(null);
  const [deleting, setDeleting] = useState<ApiKeyInfo | null>(null);
  const shownDeleting = useLatest(deleting);
  const remove = useMutation({
    mutationFn: (id: string) => deleteApiKey(id),
    onSuccess: () => {
      toast({ title: "API key deleted successfully" });
      setDeleting(null);
    },
    onError: (e) => toast({ title: "Failed to delete API key", description: errorText(e), variant: "destructive" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
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
    >
      {(items) => (
        <ul role="list" aria-label="API keys list" className="grid gap-4 lg:grid-cols-2">
          {items.map((k) => (
            <li key={k.id}>
              <ApiKeyCard apiKey={k} masked={masked} now={now} current={k.keyPrefix === organization?.keyPrefix} onDelete={() => setDeleting(k)} />
            </li>
          ))}
        </ul>
      )}
    </AdminListBody>
  );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-xl font-semibold text-gray-900 dark:text-white">API Keys</h2>
          <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">
            Keys authenticate the SDKs and the REST API. A key is shown in full only once, when it is created.
          </p>
        </div>
        {isAdmin ? (
          <div className="flex flex-wrap items-center gap-4">
            <div className="flex items-center gap-3">
              <span className="text-sm font-medium whitespace-nowrap text-gray-900 dark:text-gray-100" aria-hidden="true">
                Mask keys
              </span>
              <SwitchControl label="Mask keys" checked={masked} onChange={setMasked} />
            </div>
            {q.data && q.data.length > 0 ? createButton("Create API Key") : null}
          </div>
        ) : null}
      </div>

      {created ? (
        <OneTimeSecret
          title={`Your new API key "${created.name}"`}
          value={created.keyValue}
          onDismiss={() => setCreated(null)}
        />
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
      <ConfirmDialog
        open={deleting !== null}
        title="Delete API key"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      >
        Delete <strong className="text-gray-900 dark:text-white">{shownDeleting?.name}</strong> (
        <span className="font-mono">{shownDeleting ? shortKey(shownDeleting.keyPrefix) : ""}</span>)? Applications using it will be
        rejected immediately. This cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
