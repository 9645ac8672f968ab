// Create Webhook dialog: name, URL, events (spec §5 validation with the shared schema).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS, type WebhookEvent } from "../../../../schema/constants";
import { webhookBody } from "../../../../schema/validation";
import { errorText } from "../../api/client";
import { createWebhook, webhookKeys } from "../../api/webhooks";
import { CheckboxGroup, FieldError, TextField } from "../../components/form";
import { Modal } from "../../components/Modal";
import { toast } from "../../components/toast";
import { Button } from "../../components/ui";
import { serverErrors, validateForm, type FormErrors } from "../../lib/form";

const EVENT_OPTIONS = WEBHOOK_EVENTS.map((value) => ({ value, label: WEBHOOK_EVENT_LABELS[value], description: value }));

function CreateWebhookForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [errors, setErrors] = useState<FormErrors>({});
  const create = useMutation({
    mutationFn: createWebhook,
    onSuccess: () => {
      toast({ title: "Webhook created successfully" });
      void queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
      onDone();
    },
    onError: (e) => {
      setErrors(serverErrors(e) ?? {});
      toast({ title: "Failed to create webhook", description: errorText(e), variant: "destructive" });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const [values, errs] = validateForm(webhookBody, { name, url, events: WEBHOOK_EVENTS.filter((x) => events.includes(x)) });
    if (errs) return setErrors(errs);
    setErrors({});
    create.mutate(values);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Name" name="name" placeholder="Production alerts" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} autoFocus />
      <TextField
        label="URL"
        name="url"
        type="url"
        inputMode="url"
        placeholder="https://example.com/webhooks/promptsentry"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={errors.url}
      />
      <CheckboxGroup legend="Events" options={EVENT_OPTIONS} value={events} onChange={setEvents} error={errors.events} />
      <FieldError>{errors.form}</FieldError>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating..." : "Create Webhook"}
        </Button>
      </div>
    </form>
  );
}

export function CreateWebhookDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // The dialog unmounts its content when closed, so each opening starts with a fresh form.
  return (
    <Modal open={open} onClose={onClose} title="Create Webhook" size="lg">
      <CreateWebhookForm onDone={onClose} onCancel={onClose} />
    </Modal>
  );
}
