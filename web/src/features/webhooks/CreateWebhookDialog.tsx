// Create Webhook dialog: name, URL, events (schema/requests/ validation with the shared schema).
import { useState, type FormEvent } from "react";
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS, type WebhookEvent } from "@promptsentry/schema/constants/delivery";
import { webhookBody } from "@promptsentry/schema/requests/webhooks";
import { createWebhook, webhookKeys } from "../../api/webhooks";
import { CheckboxGroup, FieldError, FormActions, TextField, useFormFields } from "../../components/form";
import { Modal } from "../../components/Modal";
import { useFormMutation } from "../manage/mutations";

const EVENT_OPTIONS = WEBHOOK_EVENTS.map((value) => ({ value, label: WEBHOOK_EVENT_LABELS[value], description: value }));

function CreateWebhookForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const {
    mutation: create,
    errors,
    submit: send,
  } = useFormMutation({
    mutationFn: createWebhook,
    queryKeys: [webhookKeys.list()],
    success: "Webhook created successfully",
    failure: "Failed to create webhook",
    onDone,
  });
  const { values, field } = useFormFields({ name: "", url: "" }, errors);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(webhookBody, { ...values, events: WEBHOOK_EVENTS.filter((x) => events.includes(x)) }, (parsed) => parsed);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Name" placeholder="Production alerts" {...field("name")} autoFocus />
      <TextField label="URL" type="url" inputMode="url" placeholder="https://example.com/webhooks/promptsentry" {...field("url")} />
      <CheckboxGroup legend="Events" options={EVENT_OPTIONS} value={events} onChange={setEvents} error={errors.events} />
      <FieldError>{errors.form}</FieldError>
      <FormActions onCancel={onCancel} pending={create.isPending} label="Create Webhook" pendingLabel="Creating..." />
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
